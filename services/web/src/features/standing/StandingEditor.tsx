import type { TSupplier } from '@reorder/schemas';
import { useState } from 'react';
import { useTranslation } from '../../lib/i18n.ts';
import { apiErrorInfo } from '../../lib/trpc.ts';
import { ActionBar } from '../../ui/ActionBar.tsx';
import { Button } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { Form, Hint } from '../../ui/layout.tsx';
import { useToast } from '../../ui/toast.tsx';
import type { OrderProduct } from '../orders/order-drafts.ts';
import { dayKeyOf } from '../orders/usual.ts';
import { useSaveStanding } from './api.ts';
import { StandingDay, StandingWeek } from './StandingGrid.tsx';
import { PausedDates, StandingWhen } from './StandingSettings.tsx';
import {
  checkDraft,
  type DraftIssues,
  draftOf,
  issueTarget,
  noIssues,
  PAUSED_MAX,
  type StandingDraft,
  type StandingValues,
} from './standing-form.ts';

const NO_ISSUES: DraftIssues = { cells: {}, prepareHoursBefore: false, pausedDates: false };

/** The ISO weekday of a date ("2026-12-05" is 6, a Saturday). */
const weekdayOf = (isoDate: string) => ((new Date(`${isoDate}T12:00:00Z`).getUTCDay() + 6) % 7) + 1;

/**
 * A supplier's standing order, edited whole and saved with one PUT
 * (docs/decisions.md §9.5): when it is prepared, its quantities per delivery
 * day (one day at a time on a phone, the week as a table on a desktop) and
 * its paused dates. What the server would refuse is said first, on its
 * field, in the user's language; what it refuses anyway lands there too.
 */
export function StandingEditor({
  supplier,
  products,
  standing,
  desktop,
}: {
  supplier: TSupplier;
  products: readonly OrderProduct[];
  standing: StandingValues;
  desktop: boolean;
}) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const [saved, setSaved] = useState(() => draftOf(standing, i18n.language));
  const [draft, setDraft] = useState<StandingDraft>(saved);
  const [tried, setTried] = useState(false);
  const [server, setServer] = useState<{ cells: Record<string, string>; fields: Record<string, string> }>({ cells: {}, fields: {} });
  const days = [...supplier.deliveryDays].sort((a, b) => a - b);
  const next = supplier.nextDelivery ? weekdayOf(supplier.nextDelivery) : undefined;
  const [day, setDay] = useState(next !== undefined && days.includes(next) ? next : (days[0] ?? 1));
  const emailSupplier = supplier.messageService === 'email';
  const { values, issues } = checkDraft(draft, products, emailSupplier);
  const shown = tried ? issues : NO_ISSUES;

  const [sent, setSent] = useState<StandingValues['lines']>([]);
  const save = useSaveStanding({
    onSuccess(result) {
      const fresh = draftOf(result, i18n.language);
      setSaved(fresh);
      setDraft(fresh);
      setTried(false);
      toast.success(t('week.saved'));
    },
    onError(error) {
      const info = apiErrorInfo(error);
      const cells: Record<string, string> = {};
      const fields: Record<string, string> = {};
      for (const issue of info.issues) {
        const target = issueTarget(issue.path, sent);
        if ('cell' in target) cells[target.cell] = t('validation.invalid');
        else if ('field' in target) {
          fields[target.field] =
            target.field === 'prepareHoursBefore'
              ? t('week.prepareRange')
              : target.field === 'autoSend'
                ? t('week.autoSendEmailOnly')
                : t('week.pausedMax', { max: PAUSED_MAX });
        }
      }
      setServer({ cells, fields });
      if (Object.keys(cells).length === 0 && Object.keys(fields).length === 0) toast.error(t('week.saveError'));
    },
  });

  const change = (next: Partial<StandingDraft>) => {
    setDraft((old) => ({ ...old, ...next }));
    setServer((old) => {
      const fields = { ...old.fields };
      for (const key of Object.keys(next)) delete fields[key];
      return { ...old, fields };
    });
  };
  const setCell = (key: string, text: string) => {
    setDraft((old) => ({ ...old, cells: { ...old.cells, [key]: text } }));
    setServer((old) => (old.cells[key] ? { ...old, cells: { ...old.cells, [key]: '' } } : old));
  };

  const grid = {
    products,
    days,
    draft,
    issues: shown,
    serverIssues: Object.fromEntries(Object.entries(server.cells).filter(([, message]) => message)),
    setCell,
  };
  const wrongCells = tried && Object.keys(issues.cells).length > 0;

  return (
    <Form
      aria-label={t('week.standing')}
      onSubmit={(event) => {
        event.preventDefault();
        setTried(true);
        if (!noIssues(issues)) {
          const first = Object.keys(issues.cells)[0];
          const [productId, key] = first?.split(':') ?? [];
          if (first && !desktop && key) setDay(days.find((d) => dayKeyOf(d) === key) ?? day);
          requestAnimationFrame(() =>
            document.getElementById(first ? `standing-${productId}-${key}` : 'standing-prepareHoursBefore')?.focus(),
          );
          return;
        }
        setSent(values.lines);
        save.mutate({ id: supplier.id, ...values });
      }}
    >
      <Card title={t('week.grid')} className="standing-grid">
        <Hint>{t('week.standingIntro')}</Hint>
        {wrongCells ? (
          <p className="field__error" role="alert">
            {t('week.checkCells')}
          </p>
        ) : null}
        {desktop ? <StandingWeek {...grid} savedCells={saved.cells} /> : <StandingDay {...grid} day={day} setDay={setDay} />}
      </Card>
      <div className="standing-top">
        <Card title={t('week.whenTitle')}>
          <StandingWhen
            draft={draft}
            change={change}
            emailSupplier={emailSupplier}
            hoursError={shown.prepareHoursBefore ? t('week.prepareRange') : server.fields.prepareHoursBefore}
            autoSendError={server.fields.autoSend}
          />
        </Card>
        <Card title={t('week.paused')}>
          <PausedDates
            draft={draft}
            change={change}
            error={shown.pausedDates ? t('week.pausedMax', { max: PAUSED_MAX }) : server.fields.pausedDates}
          />
        </Card>
      </div>
      <ActionBar label={t('week.save')} summary={t('week.dayTotal', { count: values.lines.length })}>
        <Button type="submit" busy={save.isPending}>
          {t('week.save')}
        </Button>
      </ActionBar>
    </Form>
  );
}
