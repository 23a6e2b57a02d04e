import { LIMITS } from '@reorder/schemas/limits';
import { type ReactNode, useState } from 'react';
import { useTranslation } from '../../lib/i18n.ts';
import { useToast } from '../../lib/toast.tsx';
import { Button } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { Chips } from '../../ui/Chips.tsx';
import { TextArea } from '../../ui/fields.tsx';
import { Form } from '../../ui/layout.tsx';
import type { useOrderChanges } from './use-order-changes.ts';

type OrderDrafts = ReturnType<typeof useOrderChanges>;

/**
 * The message above the order: one line until the owner edits it, then three
 * with its 300-character counter and Save; it folds back once saved.
 * Sending and leaving the screen save it too.
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
  const save = () => {
    if (!drafts.saveMessage()) return;
    // Offline, it waits on the device (features/offline): say so rather than "updated".
    if (navigator.onLine) toast.success(t('orders.updated'));
    else toast.info(t('offline.savedHere'));
    setEditing(false);
  };
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
            placeholder={t('orders.messagePlaceholder')}
            error={drafts.messageTooLong ? t('validation.maxLength', { count: LIMITS.messageMax }) : undefined}
            onChange={(e) => drafts.setMessage(e.target.value)}
            onFocus={() => setEditing(true)}
            onBlur={() => {
              if (!drafts.messageChanged) setEditing(false);
            }}
          />
          {aside}
        </div>
        {/* Offered while the message is being written, so the card stays one line above the products (issue 32). */}
        {suggestions.length > 0 && open ? (
          <Chips
            keepFocus
            label={t('orders.messageSuggestions')}
            options={suggestions}
            value={drafts.message}
            onPick={(message) => {
              drafts.setMessage(message);
              setEditing(true);
            }}
          />
        ) : null}
        {open ? (
          <Button type="submit" variant="primary" disabled={!loaded || !drafts.messageChanged || drafts.messageTooLong}>
            {t('orders.saveMessage')}
          </Button>
        ) : null}
      </Form>
    </Card>
  );
}
