import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';

/**
 * api-lane.ts answers single tRPC queries with tRPC's internal functions
 * (`@trpc/server/unstable-core-do-not-import`), which may change in any
 * release. This pins the version they were checked against.
 */
const checked = '11.19.0';

it(`@trpc/server is the version api-lane.ts was checked against (${checked})`, () => {
  const installed = JSON.parse(readFileSync(new URL('../node_modules/@trpc/server/package.json', import.meta.url), 'utf8')).version;
  const recheck =
    `@trpc/server is ${installed}, api-lane.ts was checked against ${checked}. Re-check before changing this pin: ` +
    'the signatures of getErrorShape, getHTTPStatusCode, getTRPCErrorFromUnknown and transformTRPCResponse in ' +
    "@trpc/server's unstable-core-do-not-import (and resolveResponse, which the lane imitates, in its release notes), then run " +
    '`npx pnpm@10 exec vitest run --project pglite services/server/test/api-lane.test.ts`, which serves one app through the lane ' +
    'and through Express alone and must find every answer the same.';
  expect(installed, recheck).toBe(checked);
});
