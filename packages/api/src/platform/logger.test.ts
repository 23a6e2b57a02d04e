import { describe, expect, it } from 'vitest';
import { createLogger, summarizeError } from './logger.ts';

function collector() {
  const lines: { line: string; level: string }[] = [];
  return { lines, write: (line: string, level: string) => lines.push({ line, level }) };
}

describe('createLogger', () => {
  it('writes one JSON object per line with time, level, msg and fields', () => {
    const { lines, write } = collector();
    const logger = createLogger({ write });
    const before = Date.now();
    logger.info('server started', { port: 3000, host: '127.0.0.1' });
    expect(lines).toHaveLength(1);
    const entry = lines[0];
    expect(entry?.line).not.toContain('\n');
    const parsed = JSON.parse(entry?.line ?? '') as Record<string, unknown>;
    expect(parsed).toMatchObject({ level: 'info', msg: 'server started', port: 3000, host: '127.0.0.1' });
    expect(typeof parsed.time).toBe('string');
    const time = Date.parse(parsed.time as string);
    expect(time).toBeGreaterThanOrEqual(before - 1000);
    expect(time).toBeLessThanOrEqual(Date.now() + 1000);
    expect(entry?.level).toBe('info');
  });

  it('writes each level with its name', () => {
    const { lines, write } = collector();
    const logger = createLogger({ write });
    logger.info('a');
    logger.warn('b');
    logger.error('c');
    expect(lines.map((l) => (JSON.parse(l.line) as { level: string }).level)).toEqual(['info', 'warn', 'error']);
    expect(lines.map((l) => l.level)).toEqual(['info', 'warn', 'error']);
  });

  it('keeps a message with newlines on one line', () => {
    const { lines, write } = collector();
    createLogger({ write }).warn('two\nlines', { detail: 'x\ny' });
    expect(lines).toHaveLength(1);
    expect(lines[0]?.line.split('\n')).toHaveLength(1);
    expect(JSON.parse(lines[0]?.line ?? '')).toMatchObject({ msg: 'two\nlines', detail: 'x\ny' });
  });

  it('child() merges its fields into every line, the call fields last', () => {
    const { lines, write } = collector();
    const logger = createLogger({ write, base: { service: 'api' } });
    const child = logger.child({ requestId: 'r1', user: 1 });
    const grandchild = child.child({ user: 2, step: 'x' });
    child.info('one', { extra: true });
    grandchild.warn('two');
    child.error('three', { requestId: 'override' });
    logger.info('four');
    const parsed = lines.map((l) => JSON.parse(l.line) as Record<string, unknown>);
    expect(parsed[0]).toMatchObject({ msg: 'one', service: 'api', requestId: 'r1', user: 1, extra: true });
    expect(parsed[1]).toMatchObject({ msg: 'two', service: 'api', requestId: 'r1', user: 2, step: 'x' });
    expect(parsed[2]).toMatchObject({ msg: 'three', requestId: 'override' });
    expect(parsed[3]).not.toHaveProperty('requestId');
    expect(parsed[3]).toMatchObject({ msg: 'four', service: 'api' });
  });

  it('quiet drops info but keeps warnings and errors', () => {
    const { lines, write } = collector();
    const logger = createLogger({ write, quiet: true });
    logger.info('dropped');
    logger.child({ a: 1 }).info('dropped too');
    logger.warn('kept');
    logger.error('kept too');
    expect(lines.map((l) => (JSON.parse(l.line) as { msg: string }).msg)).toEqual(['kept', 'kept too']);
  });
});

describe('summarizeError', () => {
  it('never includes a stack', () => {
    const error = new TypeError('boom');
    const summary = summarizeError(error);
    const json = JSON.stringify(summary);
    expect(summary).toMatchObject({ errorName: 'TypeError', errorMessage: 'boom' });
    expect(summary).not.toHaveProperty('stack');
    expect(json).not.toContain('at ');
    expect(json).not.toContain('logger.test');
  });

  it('omits the message of a database error but keeps code and constraint', () => {
    const error = Object.assign(new Error('duplicate key value violates unique constraint "users_email_key" Key (email)=(ana@x.es)'), {
      code: '23505',
      constraint: 'users_email_key',
      detail: 'Key (email)=(ana@x.es) already exists.',
    });
    const summary = summarizeError(error);
    expect(summary.errorCode).toBe('23505');
    expect(summary.constraint).toBe('users_email_key');
    expect(summary).not.toHaveProperty('errorMessage');
    const json = JSON.stringify(summary);
    expect(json).not.toContain('ana@x.es');
    expect(json).not.toContain('duplicate key');
    expect(json).not.toContain('at ');
  });

  it('keeps the message of a non-database error with a code', () => {
    const error = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    expect(summarizeError(error)).toMatchObject({ errorCode: 'ECONNREFUSED', errorMessage: 'connect ECONNREFUSED' });
  });

  it('summarizes the cause the same way', () => {
    const dbError = Object.assign(new Error('syntax error at or near "SELEC"'), { code: '42601' });
    const summary = summarizeError(new Error('query failed', { cause: dbError }));
    expect(summary.errorMessage).toBe('query failed');
    expect(summary.cause).toEqual({ errorName: 'Error', errorCode: '42601' });
    expect(JSON.stringify(summary)).not.toContain('SELEC');
  });

  it('cuts long messages', () => {
    const summary = summarizeError(new Error('x'.repeat(1000)));
    expect((summary.errorMessage as string).length).toBeLessThanOrEqual(300);
  });

  it('says only the type of a thrown non-error', () => {
    expect(summarizeError('password=hunter2')).toEqual({ errorType: 'string' });
    expect(summarizeError({ stack: 'x' })).toEqual({ errorType: 'object' });
  });
});
