import type { TMessages } from './en.ts';
import { esApp } from './es.app.ts';
import { esMore } from './es.more.ts';

/** Spanish texts, whole (in parts as the English: `es.pages.ts`, `es.app.ts`, `es.more.ts`). */
export const es: TMessages = { ...esApp, ...esMore };
