import { simpleParser } from 'mailparser';

/** A mail as a test reads it (from the outbox folder or an SMTP server). */
export interface ReceivedMail {
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  raw: string;
}

/** A raw message as a test reads it: addresses, subject and both bodies. */
export async function parseMail(raw: string, envelope?: { to: string[]; from: string }): Promise<ReceivedMail> {
  const parsed = await simpleParser(raw);
  const addresses = (field: typeof parsed.to) =>
    (Array.isArray(field) ? field : field ? [field] : []).flatMap((a) => a.value.map((v) => v.address ?? ''));
  return {
    to: envelope?.to ?? addresses(parsed.to),
    from: envelope?.from ?? addresses(parsed.from)[0] ?? '',
    subject: parsed.subject ?? '',
    text: parsed.text ?? '',
    html: typeof parsed.html === 'string' ? parsed.html : '',
    raw,
  };
}
