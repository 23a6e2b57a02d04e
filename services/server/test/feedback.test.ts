import {
  expectFailure as expectError,
  expectFieldError,
  type RegisteredUser,
  unique,
  useSmtpServer,
  useTestServers,
} from '@reorder/testing';
import { beforeAll, describe, expect, it } from 'vitest';

/** POST /api/feedbacks (docs/decisions.md §2, §3): stored, answered as Feedback, mailed to FEEDBACK_TO. */

const FEEDBACK_TO = 'team@reorder.test';

const smtp = useSmtpServer();
const { t, quiet } = useTestServers({
  /** FEEDBACK_TO set, mail through the SMTP server. */
  t: () => ({ env: { SMTP_URL: smtp.url, FEEDBACK_TO } }),
  /** The same SMTP server, but no FEEDBACK_TO: feedback is only stored. */
  quiet: () => ({ env: { SMTP_URL: smtp.url } }),
});
let user: RegisteredUser;
beforeAll(async () => {
  user = await t.api.register({ fullName: 'Fiona Feedback' });
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const feedback = (overrides: Record<string, unknown> = {}) => ({
  fullName: 'Fiona Feedback',
  email: 'fiona@example.com',
  note: `Great app ${unique()}`,
  ...overrides,
});
const send = (body: unknown, token: string | undefined = user.token) => t.api.post('/api/feedbacks', body, token);

describe('POST /api/feedbacks', () => {
  it('answers the stored Feedback { id, fullName, email, note }', async () => {
    const body = feedback();
    const res = await send(body);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ code: 1, data: { id: expect.any(Number), ...body }, message: expect.any(String) });
    expect(Number.isInteger(res.body.data.id) && res.body.data.id > 0).toBe(true);
    expect(res.body.message.length).toBeGreaterThan(0);

    const row = await t.server.deps.db.selectFrom('feedback').selectAll().where('id', '=', res.body.data.id).executeTakeFirst();
    expect(row).toMatchObject({ user_id: user.user.id, full_name: body.fullName, email: body.email, note: body.note });

    const next = await send(feedback());
    expect(next.status, next.text).toBe(200);
    expect(next.body.data.id).not.toBe(res.body.data.id);
  });

  it('accepts a note of 1 and of 2000 characters', async () => {
    for (const note of ['!', 'n'.repeat(2000), 'ü'.repeat(2000)]) {
      const res = await send(feedback({ note }));
      expect(res.status, `${note.length}: ${res.text}`).toBe(200);
      expect(res.body.data.note).toBe(note);
    }
  });

  it('keeps line breaks inside a note', async () => {
    const note = `First line\nSecond line ${unique()}`;
    const res = await send(feedback({ note }));
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.note).toBe(note);
  });

  it('refuses a note empty, blank, missing or over 2000 characters with a 400 naming the field', async () => {
    for (const note of ['', '   ', '\n\t', 'n'.repeat(2001), null, 12]) {
      expectFieldError(await send(feedback({ note })), 'note');
    }
    const { note: _omit, ...missing } = feedback();
    expectFieldError(await send(missing), 'note');
  });

  it('refuses a fullName empty, blank or over 100 characters, and an invalid email', async () => {
    for (const fullName of ['', '  ', 'f'.repeat(101)]) expectFieldError(await send(feedback({ fullName })), 'fullName');
    expect((await send(feedback({ fullName: 'f'.repeat(100) }))).status).toBe(200);
    for (const email of ['', 'not-an-email', 'a@', `${'a'.repeat(250)}@x.es`]) expectFieldError(await send(feedback({ email })), 'email');
  });

  it('stores nothing for a refused request', async () => {
    const note = `refused ${unique()}`;
    expectFieldError(await send(feedback({ note, email: 'nope' })), 'email');
    const rows = await t.server.deps.db.selectFrom('feedback').select('id').where('note', '=', note).execute();
    expect(rows).toEqual([]);
  });

  it('answers 401 without a token or with a bad one, and stores nothing', async () => {
    const note = `anonymous ${unique()}`;
    expectError(await t.api.post('/api/feedbacks', feedback({ note })), 401, 'UNAUTHORIZED');
    expectError(await send(feedback({ note }), 'garbage.token.here'), 401, 'UNAUTHORIZED');
    const rows = await t.server.deps.db.selectFrom('feedback').select('id').where('note', '=', note).execute();
    expect(rows).toEqual([]);
  });

  it('emails the feedback to FEEDBACK_TO, with reply-to the account’s email (not one the caller typed)', async () => {
    const body = feedback({ fullName: 'Rita Reply', email: 'rita.reply@example.com', note: `Please add dark mode ${unique()}` });
    const res = await send(body);
    expect(res.status, res.text).toBe(200);
    const mail = await smtp.waitFor((m) => m.text.includes(body.note));
    expect(mail.to).toEqual([FEEDBACK_TO]);
    expect(mail.subject).toBe('Feedback from Rita Reply');
    expect(mail.raw).toMatch(new RegExp(`^Reply-To: .*${user.email.replace(/[.+]/g, '\\$&')}`, 'im'));
    expect(mail.raw).not.toMatch(/^Reply-To: .*rita\.reply@example\.com/im);
    expect(mail.text).toContain('rita.reply@example.com');
    expect(mail.text).toContain(`@${user.user.username}`);
    expect(mail.html).toContain(body.note);
  });

  it('escapes HTML in the emailed feedback', async () => {
    const marker = unique();
    const body = feedback({ note: `<script>alert("${marker}")</script>`, fullName: '<b>Bold</b> Name' });
    expect((await send(body)).status).toBe(200);
    const mail = await smtp.waitFor((m) => m.text.includes(marker));
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('<b>Bold</b>');
    expect(mail.text).toContain(`<script>alert("${marker}")</script>`);
  });

  it('cannot be turned into mail to someone else by a line break in the name', async () => {
    const marker = unique();
    const res = await send(feedback({ fullName: 'Eve\r\nBcc: victim@evil.test', note: `injection ${marker}` }));
    if (res.status === 200) {
      const mail = await smtp.waitFor((m) => m.text.includes(marker));
      expect(mail.to).toEqual([FEEDBACK_TO]);
    } else {
      expectFieldError(res, 'fullName');
    }
    await sleep(200);
    expect(smtp.messages.filter((m) => m.to.includes('victim@evil.test'))).toEqual([]);
  });

  it('stores feedback without emailing anyone when FEEDBACK_TO is not set', async () => {
    const other = await quiet.api.register();
    const note = `Quiet note ${unique()}`;
    const res = await quiet.api.post('/api/feedbacks', feedback({ note }), other.token);
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.note).toBe(note);
    // The server with FEEDBACK_TO mails promptly; give this one the same time.
    const control = feedback({ note: `Control note ${unique()}` });
    expect((await send(control)).status).toBe(200);
    await smtp.waitFor((m) => m.text.includes(control.note));
    await sleep(200);
    expect(smtp.messages.filter((m) => m.text.includes(note))).toEqual([]);
  });
});
