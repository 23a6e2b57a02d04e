import { normalizeSearchText } from '@reorder/schemas';

/**
 * The LIKE pattern for a search text: normalized as stored rows are, with
 * `%`, `_` and `\` escaped so they match themselves. Undefined for a blank search.
 */
export function searchPattern(q: string | undefined): string | undefined {
  const normalized = normalizeSearchText(q ?? '');
  if (!normalized) return undefined;
  return `%${normalized.replace(/[\\%_]/g, '\\$&')}%`;
}
