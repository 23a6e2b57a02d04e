// Types of boundaries.mjs for the TypeScript that imports it (packages/api/src/boundaries.test.ts).
/** biome.json's text with its import rules made from the table in boundaries.mjs. */
export function biomeConfig(base?: string): string;
