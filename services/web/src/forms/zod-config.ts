import { config } from 'zod/v4/core';

// Zod 4 compiles object parsers with `new Function` when it can, and probes for that once,
// as soon as a schema is built. Our Content-Security-Policy has no 'unsafe-eval', so the
// probe is refused and the browser reports a violation (Lighthouse's best practices counts
// it). Jitless parsing never probes. The entry imports this first, before any schema.
config({ jitless: true });
