/**
 * The form of a text that search compares: lower case, without accents or
 * other combining marks, so "jamon" finds "Jamón" (docs/decisions.md §3). The server
 * stores it beside each searchable row and applies it to `q`, which works the
 * same on PGlite and PostgreSQL without relying on `unaccent` dictionaries.
 */
export function normalizeSearchText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/[\p{Cc}\s]+/gu, ' ')
    .trim();
}

/**
 * The LIKE pattern the server searches with: `q` normalized as stored rows
 * are, with `%`, `_` and `\` escaped so they match themselves. Undefined for
 * a blank search.
 */
export function searchPattern(q: string | undefined): string | undefined {
  const normalized = normalizeSearchText(q ?? '');
  if (!normalized) return undefined;
  return `%${normalized.replace(/[\\%_]/g, '\\$&')}%`;
}
