import { describe, expect, it } from 'vitest';
import { createBackgroundTasks } from './background.ts';
import { createLogger } from './logger.ts';

function collectingLogger() {
  const lines: string[] = [];
  return { lines, logger: createLogger({ write: (line) => lines.push(line) }) };
}

describe('createBackgroundTasks', () => {
  it('starts a task only after the current turn, and drain waits for it', async () => {
    const { logger } = collectingLogger();
    const tasks = createBackgroundTasks(logger);
    const order: string[] = [];
    tasks.run('work', async () => {
      order.push('task');
    });
    order.push('answer');
    await Promise.resolve();
    expect(order).toEqual(['answer']);
    await tasks.drain();
    expect(order).toEqual(['answer', 'task']);
  });

  it('logs a failure with what failed, and never throws it', async () => {
    const { lines, logger } = collectingLogger();
    const tasks = createBackgroundTasks(logger);
    tasks.run('reset password email', async () => {
      throw new Error('SMTP down');
    });
    await tasks.drain();
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({ level: 'error', msg: 'reset password email failed', errorMessage: 'SMTP down' });
  });

  it('drain also waits for tasks that tasks start', async () => {
    const { logger } = collectingLogger();
    const tasks = createBackgroundTasks(logger);
    let done = false;
    tasks.run('outer', async () => {
      tasks.run('inner', async () => {
        await new Promise((r) => setTimeout(r, 20));
        done = true;
      });
    });
    await tasks.drain();
    expect(done).toBe(true);
  });
});
