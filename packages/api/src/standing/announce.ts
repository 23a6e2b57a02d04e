import { type TMessageKey, translate } from '@reorder/i18n';
import { preparedOrderPath } from '@reorder/schemas';
import { sql } from 'kysely';
import { DateTime } from 'luxon';
import { type RenderedMail, render } from '../mail/messages.ts';
import { notifyOwner } from '../mail/notify-owner.ts';
import type { ReminderDeps } from '../reminders/reminders.ts';
import type { ClaimedRun } from './runs.ts';

/** What the message says happened to the order: prepared with so many lines, or left alone. */
export interface Announced {
  kind: 'prepared' | 'not empty';
  lines: number;
}

/**
 * The message of a prepared order ("Pedido del sábado preparado: Enviar ·
 * Editar · Saltar", docs/decisions.md §9.5) to one member, in their language
 * and with the cut-off in their time zone.
 */
export function preparedEmail(options: {
  locale: 'en' | 'es';
  timeZone: string;
  name: string;
  supplier: string;
  deliveryDay: string;
  cutoff: Date;
  now: number;
  sendAt: Date | null;
  what: Announced;
  links: { send: string; edit: string; skip: string };
}): RenderedMail & { pushTitle: string; pushBody: string } {
  const { locale } = options;
  const t = (key: TMessageKey, vars?: Record<string, string>) => translate(locale, key, vars);
  const delivery = DateTime.fromISO(options.deliveryDay, { zone: 'UTC' }).setLocale(locale);
  const day = delivery.toFormat('cccc');
  const date = delivery.toLocaleString(DateTime.DATE_MED);
  const inZone = (at: Date) => DateTime.fromJSDate(at, { zone: options.timeZone }).setLocale(locale);
  const cutoff = inZone(options.cutoff);
  // The weekday is added to the time when the cut-off is not today there, as reminders say it.
  const sameDay = cutoff.hasSame(DateTime.fromMillis(options.now, { zone: options.timeZone }), 'day');
  const cutoffText = sameDay ? cutoff.toFormat('HH:mm') : cutoff.toFormat('cccc HH:mm');
  const vars = { supplier: options.supplier, day, date, cutoff: cutoffText, lines: String(options.what.lines) };
  const prepared = options.what.kind === 'prepared';
  const paragraphs = prepared
    ? [
        t('mail.standingPrepared.prepared', vars),
        ...(options.sendAt
          ? [t('mail.standingPrepared.autoSend', { supplier: options.supplier, time: inZone(options.sendAt).toFormat('HH:mm') })]
          : []),
        t('mail.standingPrepared.send', { url: options.links.send }),
        t('mail.standingPrepared.edit', { url: options.links.edit }),
        t('mail.standingPrepared.skip', { url: options.links.skip }),
      ]
    : [t('mail.standingPrepared.notEmpty', vars), t('mail.standingPrepared.edit', { url: options.links.edit })];
  const mail = render(locale, 'mail.standingPrepared.subject', options.name, paragraphs, undefined, [t('mail.standingPrepared.why')], {
    day,
  });
  return {
    ...mail,
    pushTitle: mail.subject,
    pushBody: t(prepared ? 'mail.standingPrepared.push' : 'mail.standingPrepared.pushNotEmpty', { supplier: options.supplier }),
  };
}

/**
 * Tells every member of the supplier's business who has reminders on, each
 * once: a member told is added to the run before the next is, so a process
 * that dies in between leaves only the others to the next claim. Then the
 * run is announced, and done unless it waits to be sent by itself.
 */
export async function announceRun(deps: ReminderDeps, run: ClaimedRun, what: Announced, now: number): Promise<void> {
  const { db } = deps;
  const members = await db
    .selectFrom('suppliers')
    .innerJoin('memberships', 'memberships.business_id', 'suppliers.business_id')
    .innerJoin('users', 'users.id', 'memberships.user_id')
    .select(['users.id', 'users.email', 'users.full_name', 'users.language', 'users.time_zone', 'suppliers.name as supplier_name'])
    .where('suppliers.id', '=', run.supplier_id)
    .where('users.reminders', '=', true)
    .orderBy('users.id')
    .execute();
  const base = deps.settings.publicUrl;
  const links = {
    send: base + preparedOrderPath(run.supplier_id, run.delivery_day, 'send'),
    edit: base + preparedOrderPath(run.supplier_id, run.delivery_day, 'edit'),
    skip: base + preparedOrderPath(run.supplier_id, run.delivery_day, 'skip'),
  };
  const sendAt = what.kind === 'prepared' ? run.send_at : null;
  for (const member of members) {
    if (run.announced_to.includes(member.id)) continue;
    const message = preparedEmail({
      locale: member.language,
      timeZone: member.time_zone,
      name: member.full_name,
      supplier: member.supplier_name,
      deliveryDay: run.delivery_day,
      cutoff: run.cutoff_at,
      now,
      sendAt,
      what,
      links,
    });
    await notifyOwner(
      deps,
      { userId: member.id, email: member.email },
      {
        mail: { subject: message.subject, text: message.text, html: message.html, hasLink: true },
        push: { title: message.pushTitle, body: message.pushBody, url: links.edit, tag: `standing-${run.supplier_id}` },
      },
    );
    await db
      .updateTable('standing_runs')
      .set({ announced_to: sql`array_append(announced_to, ${member.id}::int)` })
      .where('id', '=', run.id)
      .execute();
  }
  const waits = sendAt !== null;
  await db
    .updateTable('standing_runs')
    .set({ announced_at: new Date(now), claimed_until: null, ...(waits ? {} : { done_at: new Date(now) }) })
    .where('id', '=', run.id)
    .execute();
}
