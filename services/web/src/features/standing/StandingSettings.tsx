import { useState } from 'react';
import { formatDay } from '../../lib/format-date.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { Button } from '../../ui/Button.tsx';
import { CheckboxField, TextField } from '../../ui/fields.tsx';
import { Hint } from '../../ui/layout.tsx';
import { PAUSED_MAX, type StandingDraft } from './standing-form.ts';

type Change = (next: Partial<StandingDraft>) => void;

/**
 * When the standing order is prepared (docs/decisions.md §9.5): on or off,
 * how many hours before the cut-off (1 to 48), and, for an email supplier,
 * whether it goes out by itself 30 minutes before the cut-off.
 */
export function StandingWhen({
  draft,
  change,
  emailSupplier,
  hoursError,
  autoSendError,
}: {
  draft: StandingDraft;
  change: Change;
  emailSupplier: boolean;
  hoursError: string | undefined;
  autoSendError: string | undefined;
}) {
  const { t } = useTranslation();
  return (
    <>
      <CheckboxField id="standing-enabled" label={t('week.enabled')} checked={draft.enabled} onChange={(enabled) => change({ enabled })} />
      <TextField
        id="standing-prepareHoursBefore"
        name="prepareHoursBefore"
        label={t('week.prepareHoursBefore')}
        inputMode="numeric"
        value={draft.prepareHoursBefore}
        hint={t('week.prepareHoursHint')}
        error={hoursError}
        onChange={(event) => change({ prepareHoursBefore: event.target.value })}
      />
      {emailSupplier ? (
        <>
          <CheckboxField
            id="standing-autoSend"
            label={t('week.autoSend')}
            checked={draft.autoSend}
            onChange={(autoSend) => change({ autoSend })}
          />
          <Hint>{t('week.autoSendHint')}</Hint>
        </>
      ) : null}
      {autoSendError ? (
        <p className="field__error" role="alert">
          {autoSendError}
        </p>
      ) : null}
    </>
  );
}

/** Closures and holidays: the delivery dates not prepared, each removable, and a date to add ("Skip" adds one too). */
export function PausedDates({ draft, change, error }: { draft: StandingDraft; change: Change; error: string | undefined }) {
  const { t, i18n } = useTranslation();
  const [date, setDate] = useState('');
  const [dateError, setDateError] = useState<string>();
  const add = () => {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) {
      setDateError(t('week.pausedBad'));
      return;
    }
    if (!draft.pausedDates.includes(date) && draft.pausedDates.length >= PAUSED_MAX) {
      setDateError(t('week.pausedMax', { max: PAUSED_MAX }));
      return;
    }
    setDateError(undefined);
    change({ pausedDates: [...new Set([...draft.pausedDates, date])].sort() });
    setDate('');
  };
  return (
    <>
      <Hint>{t('week.pausedHint')}</Hint>
      {draft.pausedDates.length === 0 ? (
        <p className="standing-paused__none">{t('week.pausedNone')}</p>
      ) : (
        <ul className="standing-paused" aria-label={t('week.paused')}>
          {draft.pausedDates.map((day) => {
            const label = formatDay(day, i18n.language);
            return (
              <li key={day} className="standing-paused__date">
                <span>{label}</span>
                <button
                  type="button"
                  className="standing-paused__remove"
                  aria-label={t('week.pausedRemove', { date: label })}
                  title={t('week.pausedRemove', { date: label })}
                  onClick={() => change({ pausedDates: draft.pausedDates.filter((d) => d !== day) })}
                >
                  <span aria-hidden="true">×</span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <div className="standing-paused__add">
        <TextField
          id="standing-paused-date"
          name="pausedDate"
          type="date"
          label={t('week.pausedDate')}
          value={date}
          error={dateError ?? error}
          onChange={(event) => {
            setDate(event.target.value);
            setDateError(undefined);
          }}
        />
        <Button variant="secondary" onClick={add}>
          {t('week.pausedAdd')}
        </Button>
      </div>
    </>
  );
}
