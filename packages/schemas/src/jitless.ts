import { config } from 'zod';

// In the browser, Zod parses without compiling: Zod 4 builds object parsers with `new Function`
// when it can, and probes for that as soon as a schema is built. The app's Content-Security-Policy
// has no 'unsafe-eval', so the probe is refused and the browser reports a violation on every form
// (Lighthouse counts it). fields.ts imports this first, so it runs before any schema is built.
// The server keeps the faster compiled parsers.
// It is the package's one module with a side effect, and package.json says so (`sideEffects`): a
// bundler may then leave out every schema module a chunk does not use (docs/performance.md).
// A new module that must run for its effect goes in that list too.
if ('document' in globalThis) config({ jitless: true });
