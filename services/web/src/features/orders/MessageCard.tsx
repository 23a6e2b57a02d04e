import { LIMITS } from '@reorder/schemas';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../app/toast.tsx';
import { Button } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { TextArea } from '../../ui/fields.tsx';
import { Form } from '../../ui/layout.tsx';
import type { useOrderDrafts } from './use-order-drafts.ts';

type OrderDrafts = ReturnType<typeof useOrderDrafts>;

/** The message above the order, with its 300-character counter; Save keeps it (so does sending, or leaving). */
export function MessageCard({ drafts, loaded }: { drafts: OrderDrafts; loaded: boolean }) {
  const { t } = useTranslation();
  const toast = useToast();
  const [saving, setSaving] = useState(false);
  const save = async () => {
    setSaving(true);
    const saved = await drafts.saveMessageNow();
    setSaving(false);
    if (saved) toast.success(t('orders.updated'));
  };
  return (
    <Card>
      <Form
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <TextArea
          id="order-message"
          name="introduce"
          label={t('orders.message')}
          value={drafts.message}
          max={LIMITS.messageMax}
          rows={3}
          placeholder={t('orders.messagePlaceholder')}
          error={drafts.messageTooLong ? t('validation.maxLength', { count: LIMITS.messageMax }) : undefined}
          onChange={(e) => drafts.setMessage(e.target.value)}
        />
        <Button type="submit" variant="primary" busy={saving} disabled={!loaded || !drafts.messageChanged || drafts.messageTooLong}>
          {t('orders.saveMessage')}
        </Button>
      </Form>
    </Card>
  );
}
