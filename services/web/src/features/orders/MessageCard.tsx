import { LIMITS } from '@reorder/schemas/limits';
import { type ReactNode, useState } from 'react';
import { useTranslation } from '../../lib/i18n.ts';
import { Button } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { TextArea } from '../../ui/fields.tsx';
import { Form } from '../../ui/layout.tsx';
import { useToast } from '../../ui/toast.tsx';
import type { useOrderChanges } from './use-order-changes.ts';

type OrderDrafts = ReturnType<typeof useOrderChanges>;

/**
 * The message above the order: one line until the owner edits it, then three
 * with its 300-character counter and Save; it folds back once saved.
 * Sending and leaving the screen save it too. The suggested messages are
 * buttons ("Use: Hi Pepe, order from…"), never a placeholder that looks
 * written and is not sent (issue 42): beside the empty folded field the
 * first of them, under the open field all of them.
 */
export function MessageCard({
  drafts,
  loaded,
  suggestions = [],
  aside,
}: {
  drafts: OrderDrafts;
  loaded: boolean;
  /** Messages one tap puts in the field (a greeting, the last message sent): `messageSuggestions`. */
  suggestions?: string[];
  /** What stands beside the folded field, on its line (the supplier's details button on a phone). */
  aside?: ReactNode;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const [editing, setEditing] = useState(false);
  const open = editing || drafts.messageChanged || drafts.messageTooLong;
  const saved = () => {
    // Offline, it waits on the device (outbox-runtime.ts): say so rather than "updated".
    if (navigator.onLine) toast.success(t('orders.updated'));
    else toast.info(t('offline.savedHere'));
  };
  const save = () => {
    if (!drafts.saveMessage()) return;
    saved();
    setEditing(false);
  };
  // A tap on a suggestion is a message edit like any other, saved through the outbox at once.
  const pick = (message: string) => {
    if (drafts.pickMessage(message)) saved();
    else setEditing(true);
  };
  const offers = open ? suggestions : drafts.message.trim() === '' ? suggestions.slice(0, 1) : [];
  const offerButtons = (
    <fieldset className={`message-offers ${open ? '' : 'message-offers--line'}`}>
      <legend className="visually-hidden">{t('orders.messageSuggestions')}</legend>
      {offers.map((offer) => (
        <button
          key={offer}
          type="button"
          className="message-offers__offer choice"
          title={offer}
          // While the message is being written, a tap leaves the focus in the field (which keeps it open).
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => pick(offer)}
        >
          {t('orders.useMessage', { message: offer })}
        </button>
      ))}
    </fieldset>
  );
  return (
    <Card size="sm" className={`message-card ${open ? '' : 'message-card--folded'}`}>
      <Form
        worksOffline
        onSubmit={(e) => {
          e.preventDefault();
          save();
        }}
      >
        <div className="message-card__line">
          <TextArea
            id="order-message"
            name="introduce"
            label={t('orders.message')}
            value={drafts.message}
            max={LIMITS.messageMax}
            rows={open ? 3 : 1}
            showCounter={open}
            placeholder={t('orders.messagePrompt')}
            error={drafts.messageTooLong ? t('validation.maxLength', { count: LIMITS.messageMax }) : undefined}
            onChange={(e) => drafts.setMessage(e.target.value)}
            onFocus={() => setEditing(true)}
            onBlur={() => {
              if (!drafts.messageChanged) setEditing(false);
            }}
          />
          {/* Folded, the card stays one line above the products (issue 32): the greeting sits on it. */}
          {offers.length > 0 && !open ? offerButtons : null}
          {aside}
        </div>
        {offers.length > 0 && open ? offerButtons : null}
        {open ? (
          <Button type="submit" variant="primary" disabled={!loaded || !drafts.messageChanged || drafts.messageTooLong}>
            {t('orders.saveMessage')}
          </Button>
        ) : null}
      </Form>
    </Card>
  );
}
