import { enApp } from './en.app.ts';
import { enMore } from './en.more.ts';
import type { enPages } from './en.pages.ts';

/**
 * English texts (the fallback language), whole. Keys are shared with `es.ts`; the type of this
 * object is the shape every other language must fill. They come in three parts, so the web app
 * loads what a screen words: the first visit's (`en.pages.ts`), the daily work's (`en.app.ts`,
 * which holds the first) and the rest (`en.more.ts`).
 */
export const en = { ...enApp, ...enMore } as const;

/** The shape of a language's texts: the same keys as English, any wording. */
export type TMessages = DeepString<typeof en>;

type DeepString<T> = { [K in keyof T]: T[K] extends string ? string : DeepString<T[K]> };

/** The shape of a language's first-visit part (`en.pages.ts`). */
export type TPageMessages = DeepString<typeof enPages>;
/** The shape of a language's daily-work part (`en.app.ts`), the first-visit part included. */
export type TAppMessages = DeepString<typeof enApp>;
/** The shape of the rest (`en.more.ts`). */
export type TMoreMessages = DeepString<typeof enMore>;
