import { formatOrderText, formatQuantity, LIMITS, normalizeSearchText, type TOrder, zQuantity } from '@reorder/schemas';
import { orderEmailSubject, planSend } from '@reorder/schemas/send-links';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'wouter';
import { formatDateTime } from '../../app/format-date.ts';
import { Loading } from '../../app/lazy-screen.tsx';
import { canShareFiles, carryOutSend, isIos } from '../../app/send.ts';
import { useSession } from '../../app/session.ts';
import { useToast } from '../../app/toast.tsx';
import { trpc } from '../../app/trpc.ts';
import { usePreload } from '../../app/use-preload.ts';
import { useSearchParam } from '../../app/use-search-param.ts';
import { Button, LinkButton } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { CopyButton } from '../../ui/CopyButton.tsx';
import { SearchField, TextArea } from '../../ui/fields.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { Screen } from '../../ui/Screen.tsx';

/** How long typing in a quantity waits before saving, and how +/- clicks are coalesced. */
const TYPE_SAVE_DELAY_MS = 500;
const CLICK_SAVE_DELAY_MS = 250;

type OrderProduct = TOrder['products'][number];

/** A quantity being edited: what the field shows, and whether saving it failed. */
interface Draft {
  text: string;
  failed?: boolean;
}

/** The number a draft stands for, or undefined while it is not a valid quantity. */
function draftQuantity(draft: Draft | undefined): number | undefined {
  if (!draft) return undefined;
  const parsed = zQuantity.safeParse(draft.text.trim().replace(',', '.'));
  return parsed.success ? parsed.data : undefined;
}

/**
 * Saves quantities in the background. The fields stay editable while saving;
 * what the user typed is never replaced by a reload, and a failed save keeps
 * it and says so.
 */
function useQuantities(order: TOrder | undefined, onSaved: () => void, onFailed: (product: OrderProduct) => void) {
  const [drafts, setDrafts] = useState<Record<number, Draft>>({});
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());
  const latest = useRef(drafts);
  latest.current = drafts;
  const setQuantity = trpc.products.setQuantity.useMutation();

  const save = useCallback(
    async (product: OrderProduct) => {
      if (!order) return;
      const draft = latest.current[product.productId];
      const quantity = draftQuantity(draft);
      if (draft === undefined || quantity === undefined) return;
      try {
        await setQuantity.mutateAsync({ productId: product.productId, orderId: order.id, quantity });
        // Drop the draft only if nothing was typed since it was sent.
        setDrafts((all) => {
          if (all[product.productId]?.text !== draft.text) return all;
          const { [product.productId]: _saved, ...rest } = all;
          return rest;
        });
        onSaved();
      } catch {
        setDrafts((all) =>
          all[product.productId]?.text === draft.text ? { ...all, [product.productId]: { ...draft, failed: true } } : all,
        );
        onFailed(product);
      }
    },
    [order, setQuantity, onSaved, onFailed],
  );

  const edit = (product: OrderProduct, text: string, delay: number) => {
    setDrafts((all) => ({ ...all, [product.productId]: { text } }));
    clearTimeout(timers.current.get(product.productId));
    timers.current.set(
      product.productId,
      setTimeout(() => void save(product), delay),
    );
  };

  useEffect(() => () => timers.current.forEach(clearTimeout), []);

  /** The quantity shown for a product: the draft while one exists, else the saved one. */
  const quantityOf = (product: OrderProduct) => draftQuantity(drafts[product.productId]) ?? product.quantity;
  const textOf = (product: OrderProduct) => drafts[product.productId]?.text ?? (product.quantity ? formatQuantity(product.quantity) : '0');
  const step = (product: OrderProduct, by: number) => {
    const next = Math.min(LIMITS.quantityMax, Math.max(0, Math.round((quantityOf(product) + by) * 1000) / 1000));
    edit(product, formatQuantity(next), CLICK_SAVE_DELAY_MS);
  };
  return {
    drafts,
    quantityOf,
    textOf,
    step,
    type: (product: OrderProduct, text: string) => edit(product, text, TYPE_SAVE_DELAY_MS),
    pending: setQuantity.isPending,
  };
}

export default function Order() {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const { supplierId } = useParams<{ supplierId: string }>();
  const id = Number(supplierId);
  const utils = trpc.useUtils();
  const orderQuery = trpc.orders.bySupplier.useQuery({ supplierId: id }, { retry: false });
  const supplierQuery = trpc.suppliers.byId.useQuery({ id }, { retry: false });
  const orderReady = usePreload(orderQuery, 'order');
  const supplierReady = usePreload(supplierQuery, 'supplier');
  const ready = orderReady && supplierReady;
  const order = orderQuery.data;
  const supplier = supplierQuery.data;

  const reload = useCallback(() => void utils.orders.bySupplier.invalidate({ supplierId: id }), [utils, id]);
  const failed = useCallback((product: OrderProduct) => toast.error(t('orders.saveFailed', { name: product.name })), [toast, t]);
  const quantities = useQuantities(order, reload, failed);

  const [introduce, setIntroduce] = useState<string | undefined>(undefined);
  const message = introduce ?? order?.introduce ?? '';
  const updateOrder = trpc.orders.update.useMutation({
    onSuccess(updated) {
      utils.orders.bySupplier.setData({ supplierId: id }, updated);
      setIntroduce(undefined);
      toast.success(t('orders.updated'));
      reload();
    },
    onError: () => toast.error(t('orders.updateError')),
  });
  const messageTooLong = [...message].length > LIMITS.messageMax;

  const search = useSearchParam('q', 0);
  const products = order?.products ?? [];
  const visible = useMemo(() => {
    const q = normalizeSearchText(search.value);
    return q ? products.filter((p) => normalizeSearchText(p.name).includes(q)) : products;
  }, [products, search.value]);

  // The text follows every click at once; the server computes the same with the same function.
  const text = formatOrderText(
    order?.introduce ?? '',
    products.map((p) => ({ name: p.name, unit: p.unit, quantity: quantities.quantityOf(p) })),
  );
  const textCard = useRef<HTMLDivElement>(null);

  // Sending: open the supplier's channel with the text filled in, and keep it in the history.
  const session = useSession();
  const history = trpc.orders.history.useQuery({ id: order?.id ?? 0 }, { enabled: order !== undefined });
  const lastSent = history.data?.[0];
  const recordSend = trpc.orders.send.useMutation({
    onSuccess: () => void utils.orders.history.invalidate({ id: order?.id ?? 0 }),
    onError: () => toast.error(t('orders.sendError')),
  });
  const clearOrder = trpc.products.clear.useMutation({
    onSuccess() {
      setOfferClear(false);
      toast.success(t('products.cleared'));
      reload();
    },
    onError: () => toast.error(t('products.clearError')),
  });
  const [offerClear, setOfferClear] = useState(false);
  const hasLines = products.some((p) => quantities.quantityOf(p) > 0);
  const serviceName = supplier ? t(`suppliers.services.${supplier.messageService}`) : '';
  const send = async () => {
    if (!order || !supplier || !hasLines) return;
    const language = i18n.language === 'es' ? 'es' : 'en';
    const plan = planSend({
      service: supplier.messageService,
      contactInfo: supplier.contactInfo,
      text,
      subject: orderEmailSubject(session?.user.businessName ?? '', language),
      ios: isIos(),
    });
    try {
      await carryOutSend(plan, text);
    } catch (error) {
      // The share sheet was dismissed, or the clipboard refused: nothing was sent.
      console.error('Send failed', error);
      return;
    }
    recordSend.mutate({ id: order.id, channel: supplier.messageService });
    toast.success(t('orders.sent', { service: serviceName }));
    setOfferClear(true);
  };
  // Arriving from a re-order: bring the Send button into view and focus it, so sending is the next tap.
  const sendButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!ready || !(window.history.state as { focusSend?: boolean } | null)?.focusSend) return;
    window.history.replaceState({ ...window.history.state, focusSend: false }, '');
    sendButton.current?.scrollIntoView({ block: 'center' });
    sendButton.current?.focus({ preventScroll: true });
  }, [ready]);
  const shareImage = async () => {
    if (!textCard.current) return;
    const { domToBlob } = await import('modern-screenshot');
    const blob = await domToBlob(textCard.current, { scale: 2, type: 'image/png', backgroundColor: '#ffffff' });
    const file = new File([blob], 'order.png', { type: 'image/png' });
    try {
      await navigator.share({ files: [file], text });
    } catch (error) {
      console.error('Share failed', error);
      return;
    }
    if (order) recordSend.mutate({ id: order.id, channel: supplier?.messageService });
    setOfferClear(true);
  };

  const title = supplier ? t('orders.orderFor', { name: supplier.name }) : t('orders.title');
  return (
    <Screen route="orders.order" title={title} back="/orders">
      {!ready ? (
        <Loading />
      ) : (
        <>
          <Card>
            <form
              className="form"
              noValidate
              onSubmit={(e) => {
                e.preventDefault();
                if (order && !messageTooLong) updateOrder.mutate({ id: order.id, introduce: message });
              }}
            >
              <TextArea
                id="order-message"
                name="introduce"
                label={t('orders.message')}
                value={message}
                max={LIMITS.messageMax}
                rows={3}
                placeholder={t('orders.messagePlaceholder')}
                error={messageTooLong ? t('validation.maxLength', { max: LIMITS.messageMax }) : undefined}
                onChange={(e) => setIntroduce(e.target.value)}
              />
              <Button
                type="submit"
                variant="primary"
                busy={updateOrder.isPending}
                disabled={!order || introduce === undefined || messageTooLong}
              >
                {t('orders.saveMessage')}
              </Button>
            </form>
          </Card>

          {supplier ? (
            <Card title={t('orders.supplierInfo')} size="sm">
              <dl className="supplier-info">
                <dt>{t('suppliers.name')}</dt>
                <dd>{supplier.name}</dd>
                {supplier.contactName ? (
                  <>
                    <dt>{t('orders.contact')}</dt>
                    <dd>{supplier.contactName}</dd>
                  </>
                ) : null}
                <dt>{t('orders.sendVia')}</dt>
                <dd>
                  {t(`suppliers.services.${supplier.messageService}`)}
                  {supplier.contactInfo ? ` · ${supplier.contactInfo}` : ''}
                </dd>
                {supplier.note ? (
                  <>
                    <dt>{t('orders.notes')}</dt>
                    <dd>{supplier.note}</dd>
                  </>
                ) : null}
              </dl>
              <p className="status-line">
                {lastSent ? t('orders.lastOrdered', { date: formatDateTime(lastSent.sentAt, i18n.language) }) : t('orders.neverOrdered')}
              </p>
              <p className="order-line__links">
                <Link href={`/orders/${id}/history`}>{t('orders.history')}</Link>
                <Link href={`/suppliers/${id}`}>{t('suppliers.editTitle')}</Link>
              </p>
            </Card>
          ) : null}

          <Card title={t('orders.products')}>
            <div className="toolbar">
              <SearchField label={t('orders.searchProducts')} value={search.value} onChange={search.setValue} />
              <LinkButton href={`/orders/${id}/products/new`}>
                <Icon name="plus" /> {t('orders.addProduct')}
              </LinkButton>
            </div>
            {products.length === 0 ? (
              <p className="empty">{t('orders.noProducts')}</p>
            ) : visible.length === 0 ? (
              <p className="empty" role="status">
                {t('orders.noProductMatch', { q: search.value.trim() })}
              </p>
            ) : (
              <ul className="list" aria-label={t('orders.products')}>
                {visible.map((product) => {
                  const draft = quantities.drafts[product.productId];
                  const invalid = draft !== undefined && draftQuantity(draft) === undefined;
                  const inputId = `quantity-${product.productId}`;
                  return (
                    <li key={product.productId} className={`order-line ${quantities.quantityOf(product) > 0 ? 'order-line--ordered' : ''}`}>
                      <div>
                        <label htmlFor={inputId} className="order-line__name">
                          {product.name}
                        </label>{' '}
                        <span className="order-line__unit">({product.unit})</span>
                        <div className="order-line__links">
                          <Link
                            href={`/orders/${id}/products/${product.productId}/update`}
                            aria-label={t('orders.editProduct', { name: product.name })}
                          >
                            {t('app.edit')}
                          </Link>
                          <Link
                            href={`/orders/${id}/products/${product.productId}/delete`}
                            aria-label={t('orders.deleteProduct', { name: product.name })}
                          >
                            {t('app.delete')}
                          </Link>
                        </div>
                      </div>
                      <div className="stepper">
                        <button
                          type="button"
                          className="stepper__button"
                          aria-label={t('orders.decrease', { name: product.name })}
                          onClick={() => quantities.step(product, -1)}
                        >
                          <Icon name="minus" />
                        </button>
                        <input
                          id={inputId}
                          className="input stepper__input"
                          type="text"
                          inputMode="decimal"
                          autoComplete="off"
                          aria-label={t('orders.quantityOf', { name: product.name })}
                          aria-invalid={invalid || draft?.failed ? true : undefined}
                          aria-describedby={invalid || draft?.failed ? `${inputId}-error` : undefined}
                          value={quantities.textOf(product)}
                          onFocus={(e) => e.target.select()}
                          onChange={(e) => quantities.type(product, e.target.value)}
                        />
                        <button
                          type="button"
                          className="stepper__button"
                          aria-label={t('orders.increase', { name: product.name })}
                          onClick={() => quantities.step(product, 1)}
                        >
                          <Icon name="plus" />
                        </button>
                      </div>
                      {invalid || draft?.failed ? (
                        <p id={`${inputId}-error`} className="order-line__error" role="alert">
                          {invalid
                            ? t('validation.quantityRange', { max: LIMITS.quantityMax })
                            : t('orders.saveFailed', { name: product.name })}
                        </p>
                      ) : null}
                    </li>
                  );
                })}
              </ul>
            )}
            {products.length > 0 ? (
              <div className="button-row">
                <LinkButton href={`/orders/${id}/products/clear`} variant="danger">
                  {t('orders.clear')}
                </LinkButton>
              </div>
            ) : null}
          </Card>

          <Card title={t('orders.orderText')}>
            <p className="status-line" aria-live="polite">
              {orderQuery.isFetching || quantities.pending ? t('orders.updating') : ''}
            </p>
            <div ref={textCard} className="order-text-capture">
              <pre className={`order-text ${text ? '' : 'order-text--empty'}`} data-testid="order-text">
                {text || t('orders.emptyOrder')}
              </pre>
            </div>
            {!hasLines ? <p className="form__hint">{t('orders.nothingToSend')}</p> : null}
            <div className="button-row">
              <Button ref={sendButton} disabled={!hasLines || !supplier} onClick={() => void send()}>
                {supplier ? t('orders.sendThrough', { service: serviceName }) : t('orders.send')}
              </Button>
              {canShareFiles() ? (
                <Button variant="ghost" disabled={!hasLines} onClick={() => void shareImage()}>
                  {t('orders.shareWithImage')}
                </Button>
              ) : null}
            </div>
            {offerClear ? (
              <div className="card card--sm offer" role="status">
                <p>
                  <strong>{t('orders.clearAfterSendTitle')}</strong> {t('orders.clearAfterSend')}
                </p>
                <div className="button-row">
                  <Button variant="ghost" onClick={() => setOfferClear(false)}>
                    {t('orders.keepIt')}
                  </Button>
                  <Button variant="danger" busy={clearOrder.isPending} onClick={() => order && clearOrder.mutate({ orderId: order.id })}>
                    {t('orders.clearNow')}
                  </Button>
                </div>
              </div>
            ) : null}
            <div className="button-row">
              <CopyButton label={t('orders.copyText')} disabled={!text} copy={() => navigator.clipboard.writeText(text)} />
              <CopyButton
                label={t('orders.copyImage')}
                variant="ghost"
                disabled={!text}
                copy={async () => {
                  if (!textCard.current) throw new Error('nothing to capture');
                  const { domToBlob } = await import('modern-screenshot');
                  const blob = await domToBlob(textCard.current, { scale: 2, type: 'image/png', backgroundColor: '#ffffff' });
                  await navigator.clipboard.write([new ClipboardItem({ 'image/png': blob })]);
                }}
              />
            </div>
          </Card>
        </>
      )}
    </Screen>
  );
}
