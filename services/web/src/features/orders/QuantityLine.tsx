import { formatAmount, formatMoney } from '@reorder/schemas/order-text';
import { useTranslation } from '../../lib/i18n.ts';
import { href } from '../../lib/paths.ts';
import { Icon } from '../../ui/Icon.tsx';
import type { RowPlace } from '../../ui/LongList.tsx';
import { ProductLine, Stepper } from '../../ui/ProductLine.tsx';
import { RowMenu } from '../../ui/RowMenu.tsx';
import type { LastReceived } from './api.ts';
import type { OrderProduct } from './order-drafts.ts';
import { quantityIssueText } from './quantity-issue.ts';
import { ReceivedNote } from './ReceivedNote.tsx';
import type { useOrderChanges } from './use-order-changes.ts';
import { type Usual, usualTexts } from './usual.ts';

type OrderDrafts = ReturnType<typeof useOrderChanges>;

/**
 * One product of the order: its quantity with − and + (or typed), its usual
 * amount a tap away, and, for those who may change products (`canEdit`), a
 * menu to edit or delete it. A quantity the server would refuse is said
 * under the field with the nearest ones it takes, a tap each
 * (docs/decisions.md §9.1).
 */
export function QuantityLine({
  product,
  supplierId,
  currency,
  received,
  drafts,
  canEdit,
  place,
}: {
  product: OrderProduct;
  supplierId: number;
  /** The business's currency and the supplier's last delivery: read once for the list, not by each row. */
  currency: string;
  received: LastReceived | undefined;
  drafts: OrderDrafts;
  canEdit: boolean;
  place?: RowPlace;
}) {
  const translation = useTranslation();
  const { t, i18n } = translation;
  const problem = drafts.shownIssueOf(product);
  const inputId = `quantity-${product.productId}`;
  const error = problem ? quantityIssueText(translation, problem.issue, product.name) : undefined;
  return (
    <ProductLine
      inputId={inputId}
      place={place}
      name={product.name}
      // The price says its unit ("3,25 € por Kg"): the unit alone only when there is no price.
      unit={product.price === null ? product.unit : ''}
      ordered={drafts.quantityOf(product) > 0}
      error={error}
      choices={problem?.choices.map((choice) => ({
        label: formatAmount(choice, i18n.language),
        onPick: () => drafts.set(product, choice),
      }))}
      choicesLabel={t('orders.quantityChoices', { name: product.name })}
      details={
        <>
          <LineDetails product={product} currency={currency} />
          <ReceivedNote received={received} />
          {product.usual !== null ? <UsualChip product={product} usual={product.usual} onPick={(q) => drafts.set(product, q)} /> : null}
          <LineNote product={product} />
        </>
      }
      menu={
        canEdit ? (
          <RowMenu
            label={t('orders.rowActions', { name: product.name })}
            items={[
              {
                label: t('app.edit'),
                name: t('orders.editProduct', { name: product.name }),
                href: href('orders.productUpdate', { supplierId, productId: product.productId }),
              },
              {
                label: t('app.delete'),
                name: t('orders.deleteProduct', { name: product.name }),
                href: href('orders.productDelete', { supplierId, productId: product.productId }),
                danger: true,
              },
            ]}
          />
        ) : null
      }
      control={
        <Stepper
          id={inputId}
          value={drafts.textOf(product)}
          label={t('orders.quantityOf', { name: product.name })}
          decreaseLabel={t('orders.decrease', { name: product.name })}
          increaseLabel={t('orders.increase', { name: product.name })}
          invalid={error !== undefined}
          onStep={(by) => drafts.step(product, by)}
          onType={(text) => drafts.type(product, text)}
          onLeave={() => drafts.leave(product)}
        />
      }
    />
  );
}

/** A line's price per unit with its last big change flagged (docs/decisions.md §8.4). */
function LineDetails({ product, currency }: { product: OrderProduct; currency: string }) {
  const { t, i18n } = useTranslation();
  const change = product.priceChange;
  if (product.price === null) return null;
  return (
    <span className="order-line__price">
      {t('orders.pricePerShort', { price: formatMoney(product.price, currency, i18n.language), unit: product.unit })}
      {change ? (
        <span className={change.percent > 0 ? 'order-line__rise' : 'order-line__drop'} data-testid="price-change">
          {' '}
          {change.percent > 0 ? '▲' : '▼'} {change.percent > 0 ? '+' : '−'}
          {formatAmount(Math.abs(change.percent), i18n.language)} %
        </span>
      ) : null}
    </span>
  );
}

/**
 * The usual quantity for the order's delivery weekday, a tap away: "Sáb: 24
 * (22–26)", or "Habitual: 24" when there is too little history for the day
 * (docs/decisions.md §9.5). Its name is its whole text and the product's.
 */
function UsualChip({ product, usual, onPick }: { product: OrderProduct; usual: Usual; onPick: (quantity: number) => void }) {
  const translation = useTranslation();
  const texts = usualTexts(translation, usual);
  return (
    <button type="button" className="usual-button" title={texts.title} onClick={() => onPick(usual.quantity)}>
      {/* On a phone the chip is its short form (ProductLine.css), so the price keeps its room (issue 45). */}
      <span className="usual-button__long">{texts.long}</span>
      <span className="usual-button__short" aria-hidden="true">
        {usual.weekday === null ? <Icon name="repeat" size={12} /> : null}
        {texts.short}
      </span>
      <span className="visually-hidden"> {product.name}</span>
    </button>
  );
}

/** A line's note, after its price and usual amount. */
function LineNote({ product }: { product: OrderProduct }) {
  return product.note ? <span className="order-line__note">{product.note}</span> : null;
}
