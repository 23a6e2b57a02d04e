/**
 * What the tests' init scripts and stand-in SDKs record on the page's window.
 * Page functions are serialised into the browser, so they cannot import
 * helpers; they cast `window` to this type instead.
 */
export type Recorded = Window &
  typeof globalThis & {
    /** window.open calls, in order. */
    __opened: { url: string; target: string }[];
    /** What the page passed to the share sheet last. */
    __shared?: unknown;
    /** ClipboardItem constructions and share calls (order-image tests). */
    __items: unknown[];
    __shares: unknown[];
    /** The Google Identity Services and Facebook SDK stand-ins. */
    __gisConfig: { client_id: string };
    __fbConfig: { appId: string };
    __fbScope?: string;
    __signedOut: string[];
    /** Set if an injected script ever ran. */
    __injected?: boolean;
  };
