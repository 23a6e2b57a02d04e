import net from 'node:net';
import { startSmtpServer, until } from '@reorder/testing';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The tests' SMTP server (`startSmtpServer`) outlives a client that resets its
 * connection mid-message, as a server process killed while delivering does
 * (reminders-processes.pg.test.ts): smtp-server emits that reset as an
 * 'error', which, without a listener, was thrown outside any test and failed
 * the run.
 */
const smtp = await startSmtpServer();
afterAll(() => smtp.close());

/** One whole SMTP reply at the start of the text: its last line is "NNN text" (a dash after the code continues it). */
const REPLY = /^(?:\d{3}-.*\r\n)*\d{3} .*\r\n/;

/** Sends `line` (when given) and resolves with the server's next reply, e.g. "250 …". */
function replies(socket: net.Socket) {
  let buffered = '';
  const waiting: ((reply: string) => void)[] = [];
  socket.on('data', (chunk: Buffer) => {
    buffered += chunk.toString('utf8');
    for (let match = buffered.match(REPLY); match; match = buffered.match(REPLY)) {
      buffered = buffered.slice(match[0].length);
      waiting.shift()?.(match[0]);
    }
  });
  return (line?: string) =>
    new Promise<string>((resolve) => {
      waiting.push(resolve);
      if (line !== undefined) socket.write(`${line}\r\n`);
    });
}

/**
 * Connects and starts a message, up to the server's 354 to DATA: by then it has
 * read all it was sent and waits for the message. Resolves with the socket and
 * its `send`.
 */
async function startMessage() {
  const socket = net.connect(Number(new URL(smtp.url).port), '127.0.0.1');
  const send = replies(socket);
  expect(await send()).toMatch(/^220 /);
  expect(await send('EHLO client.test')).toMatch(/^250[ -]/);
  expect(await send('MAIL FROM:<app@reorder.test>')).toMatch(/^250 /);
  expect(await send('RCPT TO:<pepe@frutas.test>')).toMatch(/^250 /);
  expect(await send('DATA')).toMatch(/^354 /);
  return { socket, send };
}

describe('the tests’ SMTP server', () => {
  it('keeps a client’s reset in the middle of a message as an error, and goes on taking mail', async () => {
    // The client is gone in the middle of its message. (A reset with bytes still unread on the
    // server's side reaches it as no error at all: hence after the 354.)
    const gone = await startMessage();
    gone.socket.resetAndDestroy();

    await until(() => smtp.errors.length === 1, 5_000, 'the reset to reach the SMTP server');
    expect((smtp.errors[0] as NodeJS.ErrnoException).code).toBe('ECONNRESET');
    expect(smtp.messages).toEqual([]);

    // The server still takes a whole message afterwards.
    const next = await startMessage();
    expect(await next.send('Subject: Order from Café Luna\r\n\r\n2 x Kg: Tomatoes\r\n.')).toMatch(/^250 /);
    next.socket.end('QUIT\r\n');
    expect(smtp.messages.map((m) => m.subject)).toEqual(['Order from Café Luna']);
  });
});
