import { distance } from 'fastest-levenshtein';
import { normalizeSearchText } from './search.ts';

/**
 * Which of a supplier's products a pasted name means (docs/decisions.md
 * §9.2): `same` is the name the server matches too (case and accents aside),
 * `near` one the owner most likely meant, offered in the preview as that
 * product: a plural or singular of it ("Limón" for "Limones", "Tomato" for
 * "Tomatoes", word by word) or one letter away ("Tomate pera" for "Tomates
 * pera").
 */
export interface TNameMatch<P> {
  product: P;
  how: 'same' | 'near';
}

/**
 * Shorter names are one letter away from other words too often ("Sal" and
 * "Sol", "Té" and "Pé"): they match only as they are or as a plural.
 */
const NEAR_MIN_LENGTH = 5;

const digitsOf = (name: string) => name.replace(/\D/g, '');

/** The word without a plural's ending, or a singular's final `e`: "tomates" and "tomate" both give "tomat", "limones" and "limon" "limon". */
function stem(word: string): string {
  if (word.endsWith('es')) return word.slice(0, -2);
  if (word.endsWith('s') || word.endsWith('e')) return word.slice(0, -1);
  return word;
}

/** Whether one word is the other with `-s` or `-es` added. */
const pluralPair = (a: string, b: string) => a === `${b}s` || a === `${b}es` || b === `${a}s` || b === `${a}es`;

/** Whether the two names (normalized) are the same words, some of them in the plural in one and singular in the other. */
function isPluralForm(a: string, b: string): boolean {
  const aw = a.split(' ');
  const bw = b.split(' ');
  return aw.length === bw.length && aw.every((word, i) => word === bw[i] || pluralPair(word, bw[i]!));
}

/** The name with each letter left out in turn (and itself): two names one letter apart share one of these. */
function oneLeftOut(name: string): string[] {
  const keys = [name];
  for (let i = 0; i < name.length; i++) keys.push(name.slice(0, i) + name.slice(i + 1));
  return keys;
}

function addTo<P>(map: Map<string, P[]>, key: string, product: P) {
  const list = map.get(key);
  if (!list) map.set(key, [product]);
  else if (list[list.length - 1] !== product) list.push(product);
}

/**
 * Indexes a supplier's products once and answers, for each pasted name, the
 * product it means (see `TNameMatch`), or undefined for a new one. Among
 * several near ones, the first in `products` wins.
 *
 * Each question costs the same whatever the number of products: the same
 * name is one map look-up, a plural one more (by its words' stems), and one
 * letter away is found through the name with each letter left out (a
 * product one edit away shares one of those keys), so only the few products
 * found that way are measured with `distance`, never the whole catalogue.
 */
export function productMatcher<P extends { name: string }>(products: readonly P[]): (name: string) => TNameMatch<P> | undefined {
  const same = new Map<string, P>();
  const byStems = new Map<string, P[]>();
  const byLeftOut = new Map<string, P[]>();
  const normalized = new Map<P, { key: string; index: number }>();
  products.forEach((product, index) => {
    const key = normalizeSearchText(product.name);
    normalized.set(product, { key, index });
    if (!same.has(key)) same.set(key, product);
    addTo(byStems, key.split(' ').map(stem).join(' '), product);
    if (key.length >= NEAR_MIN_LENGTH) for (const leftOut of oneLeftOut(key)) addTo(byLeftOut, leftOut, product);
  });
  return (name) => {
    const key = normalizeSearchText(name);
    if (!key) return undefined;
    const exact = same.get(key);
    if (exact) return { product: exact, how: 'same' };
    const plural = byStems.get(key.split(' ').map(stem).join(' '))?.find((product) => isPluralForm(key, normalized.get(product)!.key));
    if (plural) return { product: plural, how: 'near' };
    if (key.length < NEAR_MIN_LENGTH) return undefined;
    // A different number is a different product ("Coca-Cola 33cl" is not "Coca-Cola 35cl").
    const digits = digitsOf(key);
    let best: P | undefined;
    let bestIndex = Number.POSITIVE_INFINITY;
    for (const leftOut of oneLeftOut(key)) {
      for (const product of byLeftOut.get(leftOut) ?? []) {
        const { key: other, index } = normalized.get(product)!;
        if (index < bestIndex && distance(key, other) === 1 && digitsOf(other) === digits) {
          best = product;
          bestIndex = index;
        }
      }
    }
    return best ? { product: best, how: 'near' } : undefined;
  };
}
