import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';

/** What the headers depend on: HTTPS, and which sign-in SDKs the pages may load. */
export interface SecurityHeaderOptions {
  https: boolean;
  google: boolean;
  facebook: boolean;
}

/** The addresses Google Identity Services and the Facebook SDK load from, frame and call. */
const PROVIDER_SOURCES = {
  google: {
    script: ['https://accounts.google.com/gsi/client'],
    style: ['https://accounts.google.com/gsi/style'],
    frame: ['https://accounts.google.com/gsi/'],
    connect: ['https://accounts.google.com/gsi/'],
    img: [],
  },
  facebook: {
    script: ['https://connect.facebook.net'],
    style: [],
    frame: ['https://www.facebook.com', 'https://web.facebook.com', 'https://staticxx.facebook.com'],
    connect: ['https://graph.facebook.com', 'https://www.facebook.com'],
    img: ['https://www.facebook.com'],
  },
} as const;

/**
 * The headers of docs/decisions.md §4, set by helmet: a strict Content-Security-Policy
 * (everything from this server; the Google and Facebook SDK hosts only when
 * they are configured; no plugins, no `<base>`, no framing), COOP, no
 * referrer, no sniffing, HSTS when PUBLIC_URL is https. Helmet has no
 * Permissions-Policy, so that one header is written here.
 */
export function securityHeaderList(options: SecurityHeaderOptions): Map<string, string> {
  const providers = [options.google && PROVIDER_SOURCES.google, options.facebook && PROVIDER_SOURCES.facebook].filter(
    (p): p is (typeof PROVIDER_SOURCES)[keyof typeof PROVIDER_SOURCES] => Boolean(p),
  );
  const from = (kind: keyof (typeof PROVIDER_SOURCES)['google']) => providers.flatMap((p) => [...p[kind]]);
  const frames = from('frame');
  const withHelmet = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...from('script')],
        styleSrc: ["'self'", ...from('style')],
        // Copy as image draws the order from data: and blob: URLs.
        imgSrc: ["'self'", 'data:', 'blob:', ...from('img')],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...from('connect')],
        frameSrc: frames.length ? frames : ["'none'"],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        formAction: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        frameAncestors: ["'none'"],
      },
    },
    // The providers' sign-in popups must be able to answer the page that opened them.
    crossOriginOpenerPolicy: { policy: providers.length ? 'same-origin-allow-popups' : 'same-origin' },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: options.https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    // Reset and verification links carry their token in the path: never send it onward.
    referrerPolicy: { policy: 'no-referrer' },
    xFrameOptions: { action: 'deny' },
  });
  // The headers never depend on the request: let helmet write them once, and set that list on
  // every answer (one loop, not helmet's eleven middlewares per request).
  const headers = new Map<string, string>([['Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=(), usb=()']]);
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => headers.set(name, String(value)),
    removeHeader: () => {},
  };
  let wrote = false;
  withHelmet({} as IncomingMessage, recorder as unknown as ServerResponse, () => {
    wrote = true;
  });
  if (!wrote) throw new Error('helmet did not write its headers at once');
  return headers;
}
