import { hasAllowedDecimals, LIMITS } from './limits.ts';
import { normalizeSearchText } from './search.ts';

/**
 * "Paste a list" (docs/decisions.md §8.3): reads the text an owner already
 * has, the last order sent on WhatsApp or a list from their notes, into
 * products with a unit and a quantity. It runs on the device (the preview
 * works offline) and guesses nothing it cannot read: a line it is unsure of
 * is left out and said so, for the owner to add by hand.
 */

/** A product read from one line: the unit and the quantity when the line has them. */
export interface TPastedProduct {
  /** The line it was read from, counted from 1. */
  line: number;
  name: string;
  unit: string | null;
  quantity: number | null;
}

/**
 * Why a line was left out: `message` (a greeting, a heading, a sentence, the
 * message above our own order text), `link` (an address, or our confirmation
 * line), `unclear` (numbers it cannot tell apart: "2 o 3 kg", a price, a date).
 */
export type TPasteSkipReason = 'message' | 'link' | 'unclear';

export interface TPasteSkipped {
  line: number;
  text: string;
  reason: TPasteSkipReason;
}

export interface TPasteResult {
  products: TPastedProduct[];
  skipped: TPasteSkipped[];
  /** True when the text is an order this app sent (`2.5 x Kg: Tomatoes` lines): only those lines are read. */
  sentText: boolean;
}

/** Units people write, by how they write them, and the form the catalogue keeps (English and Spanish). */
const UNIT_ALIASES: Record<string, string> = {
  kg: 'kg',
  kgs: 'kg',
  kilo: 'kg',
  kilos: 'kg',
  kilogramo: 'kg',
  kilogramos: 'kg',
  kilogram: 'kg',
  kilograms: 'kg',
  g: 'g',
  gr: 'g',
  grs: 'g',
  gramo: 'g',
  gramos: 'g',
  gram: 'g',
  grams: 'g',
  l: 'l',
  lt: 'l',
  lts: 'l',
  litro: 'l',
  litros: 'l',
  liter: 'l',
  liters: 'l',
  litre: 'l',
  litres: 'l',
  ml: 'ml',
  cl: 'cl',
  lb: 'lb',
  lbs: 'lb',
  pound: 'lb',
  pounds: 'lb',
  oz: 'oz',
  ud: 'ud',
  uds: 'ud',
  u: 'ud',
  un: 'ud',
  und: 'ud',
  unds: 'ud',
  unidad: 'ud',
  unidades: 'ud',
  each: 'each',
  ea: 'each',
  unit: 'each',
  units: 'each',
  pc: 'each',
  pcs: 'each',
  piece: 'each',
  pieces: 'each',
  pieza: 'pieza',
  piezas: 'pieza',
  caja: 'caja',
  cajas: 'caja',
  case: 'case',
  cases: 'case',
  box: 'box',
  boxes: 'box',
  bolsa: 'bolsa',
  bolsas: 'bolsa',
  bag: 'bag',
  bags: 'bag',
  manojo: 'manojo',
  manojos: 'manojo',
  bunch: 'bunch',
  bunches: 'bunch',
  docena: 'docena',
  docenas: 'docena',
  dozen: 'dozen',
  dozens: 'dozen',
  botella: 'botella',
  botellas: 'botella',
  bottle: 'bottle',
  bottles: 'bottle',
  lata: 'lata',
  latas: 'lata',
  can: 'can',
  cans: 'can',
  paquete: 'paquete',
  paquetes: 'paquete',
  pack: 'pack',
  packs: 'pack',
  bandeja: 'bandeja',
  bandejas: 'bandeja',
  tray: 'tray',
  trays: 'tray',
  saco: 'saco',
  sacos: 'saco',
  sack: 'sack',
  sacks: 'sack',
  garrafa: 'garrafa',
  garrafas: 'garrafa',
  barra: 'barra',
  barras: 'barra',
  loaf: 'loaf',
  loaves: 'loaf',
  tarrina: 'tarrina',
  tarrinas: 'tarrina',
  tub: 'tub',
  tubs: 'tub',
  rollo: 'rollo',
  rollos: 'rollo',
  roll: 'roll',
  rolls: 'roll',
  ristra: 'ristra',
  ristras: 'ristra',
};

/** The unit as the catalogue keeps it when `word` is one people write ("Kilos" → "kg"); undefined otherwise. */
export function canonicalUnit(word: string): string | undefined {
  const key = normalizeSearchText(word).replace(/\.$/, '');
  return Object.hasOwn(UNIT_ALIASES, key) ? UNIT_ALIASES[key] : undefined;
}

/** The units offered before the business has its own, most used first (issue: units without typing). */
export const COMMON_UNITS: Record<'en' | 'es', readonly string[]> = {
  es: ['kg', 'g', 'l', 'ud', 'caja', 'bolsa', 'manojo', 'docena', 'botella'],
  en: ['kg', 'lb', 'case', 'bag', 'bunch', 'dozen', 'bottle', 'each'],
};

/**
 * The units to suggest for a product: the business's own first (as it writes
 * them, most used first), then the common ones of the language that are not
 * already there under another case.
 */
export function suggestUnits(used: readonly string[], language: 'en' | 'es'): string[] {
  const counts = new Map<string, { unit: string; count: number }>();
  for (const unit of used) {
    const key = unit.trim().toLowerCase();
    if (!key) continue;
    const seen = counts.get(key);
    if (seen) seen.count++;
    else counts.set(key, { unit: unit.trim(), count: 1 });
  }
  const own = [...counts.values()].sort((a, b) => b.count - a.count).map((entry) => entry.unit);
  return [...own, ...COMMON_UNITS[language].filter((unit) => !counts.has(unit))];
}

const FRACTIONS: Record<string, number> = { '½': 0.5, '¼': 0.25, '¾': 0.75, '⅓': 1 / 3, '⅔': 2 / 3 };
/** A number as a token: `2`, `2.5`, `2,5`, `½`, `1/2`, `1 1/2` is read by `readNumber` over two tokens. */
const NUMBER = /^(?:\d{1,5}(?:[.,]\d{1,3})?|[½¼¾]|\d[½¼¾]|[1-9]\/[248])$/;

function readNumber(token: string): number | undefined {
  if (!NUMBER.test(token)) return undefined;
  if (token in FRACTIONS) return FRACTIONS[token];
  const mixed = /^(\d)([½¼¾])$/.exec(token);
  if (mixed) return Number(mixed[1]) + (FRACTIONS[mixed[2]!] ?? 0);
  const fraction = /^(\d)\/(\d)$/.exec(token);
  if (fraction) return Number(fraction[1]) / Number(fraction[2]);
  return Number(token.replace(',', '.'));
}

/** A quantity the order can hold (0 to 99,999, at most 3 decimals, above 0 in a list). */
function isQuantity(value: number | undefined): value is number {
  return value !== undefined && value > 0 && value <= LIMITS.quantityMax && hasAllowedDecimals(value);
}

/** Words that open a greeting or a sign-off, never a product. */
const GREETINGS =
  /^(hola|buenas|buenos|buen dia|saludos|un saludo|gracias|muchas gracias|mil gracias|porfa|por favor|hasta|adios|hi|hello|hey|good morning|good afternoon|thanks|thank you|cheers|regards|best|kind regards|please|see you|ok|vale|perfecto)\b/;
/** `2.5 x Kg: Tomatoes`: a line of the text this app sends (order-text.ts). */
const SENT_LINE = /^(\d{1,5}(?:[.,]\d{1,3})?) x ([^:]{1,20}): (.+)$/;
/** What WhatsApp puts before each message when several are copied: `[28/11/26, 9:14] Ana García: `. */
const WHATSAPP_PREFIX = /^\[[^\]]{4,40}\]\s*[^:]{1,60}:\s*/;
/** Bullets, check boxes and numbering before an item (`- `, `• `, `☐ `, `1. `, `2) `). */
const LIST_MARK = /^(?:[-*•·–—>+▪◦●○■□☐☑✓✔✅❌]+\s*|\[[ xX]?\]\s*|\d{1,3}[.)]\s+|[a-z][.)]\s+)/u;
const LEADING_SYMBOLS = /^[\p{Extended_Pictographic}\p{S}\s]+/u;
const LINK = /(https?:\/\/|www\.)\S+/i;

/**
 * The longest line read as a product: a name (100), a quantity and a unit
 * (20), with WhatsApp's sender before them (up to 100) fit well within it.
 * It also keeps each line's work small whatever is pasted.
 */
const LINE_MAX = 300;

/** The name as the catalogue keeps it: trimmed of list punctuation, its first letter a capital. */
function cleanName(name: string): string {
  // Trimmed by index, not by `/[…]+$/`: that regex retries from every character of a long run (quadratic).
  let start = 0;
  let end = name.length;
  while (start < end && NAME_EDGE.test(name[start]!)) start++;
  while (end > start && NAME_EDGE.test(name[end - 1]!)) end--;
  const trimmed = name.slice(start, end).replace(/\s+/g, ' ');
  return trimmed.charAt(0).toLocaleUpperCase() + trimmed.slice(1);
}

/** List punctuation that may wrap a name. */
const NAME_EDGE = /[\s:;,.\-–—]/;

/** `2kg`, `1,5l` (a number glued to a unit), or `x6`, `6x`: its number and unit; undefined for any other word. */
function splitGlued(raw: string): string[] | undefined {
  const glued = /^(\d{1,5}(?:[.,]\d{1,3})?|\d?[½¼¾])([a-zA-ZñÑ]{1,12}\.?)$/.exec(raw);
  if (glued && canonicalUnit(glued[2]!)) return [glued[1]!, glued[2]!];
  const times = /^[xX×](\d{1,5}(?:[.,]\d{1,3})?)$/.exec(raw) ?? /^(\d{1,5}(?:[.,]\d{1,3})?)[xX×]$/.exec(raw);
  return times ? [times[1]!] : undefined;
}

/**
 * The line's words, with a number glued to its unit split at either end
 * (`2kg tomates`, `tomates 2kg`); inside the name it stays as written
 * (`Coca-Cola 33cl 24 ud`).
 */
function tokenize(text: string): string[] {
  const tokens = text.split(/\s+/).filter(Boolean);
  if (tokens.length < 2) return tokens;
  const last = splitGlued(tokens[tokens.length - 1]!);
  const first = splitGlued(tokens[0]!);
  return [...(first ?? [tokens[0]!]), ...tokens.slice(1, -1), ...(last ?? [tokens[tokens.length - 1]!])];
}

const CONNECTORS = new Set(['de', 'del', 'of', 'x', '×']);
/** Words that join two quantities ("2 o 3", "2 and 3"), never a unit. */
const JOINERS = new Set(['o', 'or', 'y', 'and', '-', 'a']);
/** One word of letters that fits the catalogue's unit: a unit as someone wrote it ("malla", "punnets"). */
const isWrittenUnit = (token: string) =>
  token.length <= LIMITS.unitMax && /^\p{L}+\.?$/u.test(token) && !CONNECTORS.has(token.toLowerCase()) && !JOINERS.has(token.toLowerCase());
const isUnitToken = (token: string | undefined) => token !== undefined && canonicalUnit(token) !== undefined;
const hasDigit = (tokens: string[]) => tokens.some((token) => /\d/.test(token));

type LineRead = { name: string; unit: string | null; quantity: number | null } | { skip: TPasteSkipReason };

/** `2 kg tomatoes`, `2 x tomatoes`, `3 cajas de fresas`, `1 1/2 kg de jamón`. */
function readLeading(tokens: string[]): LineRead | undefined {
  let i = 0;
  let quantity = readNumber(tokens[0] ?? '');
  if (quantity === undefined) return undefined;
  i = 1;
  const half = tokens[1] !== undefined && /^[1-9]\/[248]$|^[½¼¾]$/.test(tokens[1]) ? readNumber(tokens[1]) : undefined;
  if (half !== undefined && Number.isInteger(quantity)) {
    quantity += half;
    i = 2;
  }
  let unit: string | null = null;
  if (isUnitToken(tokens[i]) && tokens.length > i + 1) {
    unit = canonicalUnit(tokens[i]!) ?? null;
    i++;
  }
  if (CONNECTORS.has((tokens[i] ?? '').toLowerCase()) && tokens.length > i + 1) i++;
  const rest = tokens.slice(i);
  if (rest.length === 0) return undefined;
  // A second quantity after the name ("2 cajas tomates 5 kg") or "2 o 3 kg": which one is meant is a guess.
  if (hasDigit(rest.slice(1)) && rest.slice(1).some((token) => readNumber(token) !== undefined)) return { skip: 'unclear' };
  if (!isQuantity(quantity)) return { skip: 'unclear' };
  return { name: rest.join(' '), unit, quantity };
}

/** `tomatoes 2 kg`, `tomatoes: 2`, `7up 24 ud`, `huevos x 30`, `tomates (2 kg)`, `tomates - 2kg`. */
function readTrailing(tokens: string[]): LineRead | undefined {
  let end = tokens.length;
  let unit: string | null = null;
  if (isUnitToken(tokens[end - 1]) && end >= 3) {
    unit = canonicalUnit(tokens[end - 1]!) ?? null;
    end--;
  } else if (end >= 3 && isWrittenUnit(tokens[end - 1]!) && readNumber(tokens[end - 2]!) !== undefined) {
    // "Ajos 1 malla": a word after the quantity that is no unit we know is still the unit, as written.
    unit = tokens[end - 1]!.replace(/\.$/, '').toLocaleLowerCase();
    end--;
  }
  const quantity = readNumber(tokens[end - 1] ?? '');
  if (quantity === undefined) return undefined;
  end--;
  let nameEnd = end;
  if (CONNECTORS.has((tokens[nameEnd - 1] ?? '').toLowerCase()) && nameEnd > 1) nameEnd--;
  const name = tokens.slice(0, nameEnd);
  if (name.length === 0) return undefined;
  // "Coca-Cola 2 o 3" or "tomates 2-3 kg": the number before this one belongs to the same quantity.
  const before = name[name.length - 1]!;
  if (JOINERS.has(before.toLowerCase()) && readNumber(name[name.length - 2] ?? '') !== undefined) {
    return { skip: 'unclear' };
  }
  // "Calle Mayor 12 3": two numbers in a row, neither a unit's.
  if (readNumber(before) !== undefined) return { skip: 'unclear' };
  if (!isQuantity(quantity)) return { skip: 'unclear' };
  return { name: name.join(' '), unit, quantity };
}

/**
 * "Tomatoes: 2 kg", "Tomates - 2kg", "Tomates (2 kg)": the name, then what is
 * asked, split at the first `:`, ` -` or `(` after which no other `:`, `(` or
 * `)` comes (but a `)` ending the line). One scan: the lazy regex this
 * replaces tried every split point against a long run of spaces (quadratic).
 */
function splitAsked(text: string): [string, string] | undefined {
  const end = text.endsWith(')') ? text.length - 1 : text.length;
  let lastBracket = -1;
  for (let k = 0; k < end; k++) if (BRACKETS.has(text[k]!)) lastBracket = k;
  for (let p = 1; p < end; p++) {
    const c = text[p]!;
    const after = c === ':' || c === '(' ? p + 1 : /\s/.test(c) && DASHES.has(text[p + 1] ?? '') ? p + 2 : -1;
    if (after <= lastBracket) continue;
    const asked = text.slice(after, end).trim();
    return asked ? [text.slice(0, p), asked] : undefined;
  }
  return undefined;
}

const BRACKETS = new Set([':', '(', ')']);
const DASHES = new Set(['-', '–', '—']);

/** The line without what comes before an item: WhatsApp's sender, bullets, numbering, check boxes, emoji. */
function stripMarks(raw: string): string {
  let text = raw.replace(WHATSAPP_PREFIX, '');
  for (let i = 0; i < 3 && LIST_MARK.test(text); i++) text = text.replace(LIST_MARK, '');
  return text.replace(LEADING_SYMBOLS, '').trim();
}

/**
 * A skipped line taken whole as a product's name, without quantity (the
 * owner's one-tap fix for a line the parser would not guess at); undefined
 * when it holds no letter or is longer than a name may be.
 */
export function lineAsName(raw: string): string | undefined {
  if (raw.length > LINE_MAX) return undefined;
  const name = cleanName(stripMarks(raw.trim()));
  return /\p{L}/u.test(name) && name.length <= LIMITS.nameMax ? name : undefined;
}

function readLine(raw: string): LineRead {
  if (LINK.test(raw)) return { skip: 'link' };
  const text = stripMarks(raw);
  if (!text) return { skip: 'message' };
  const normalized = normalizeSearchText(text);
  if (GREETINGS.test(normalized) || /[:?!]$/.test(text)) return { skip: 'message' };
  if (!/\p{L}/u.test(text)) return { skip: 'unclear' };
  // Money, times, dates and ranges: numbers that are not the quantity.
  if (/[€$£]|\d[:h]\d{2}\b|\b\d{1,2}\/\d{1,2}\/\d{2,4}\b|\b\d{1,2}\/(?:1[0-2]|0?[3-9])\b|\d\s*-\s*\d|\d\s*%/.test(text))
    return { skip: 'unclear' };
  const separated = splitAsked(text);
  const tokens = tokenize(separated ? `${separated[0]} ${separated[1]}` : text);
  const read = readLeading(tokens) ?? readTrailing(tokens);
  if (read) {
    if ('skip' in read) return read;
    const name = cleanName(read.name);
    if (!/\p{L}/u.test(name) || name.length > LIMITS.nameMax) return { skip: 'unclear' };
    return { ...read, name };
  }
  // No quantity: a bare name, unless it reads as a sentence or holds numbers it cannot place.
  const words = text.split(/\s+/);
  if (words.length > 6 || text.length > LIMITS.nameMax) return { skip: 'message' };
  if (words.filter((word) => /^\d+([.,]\d+)?$/.test(word)).length > 0) return { skip: 'unclear' };
  return { name: cleanName(text), unit: null, quantity: null };
}

/**
 * Reads a pasted list (see the top of this file); the lines of our own sent
 * text when it is one. Time linear in the text's length: every pattern here
 * is anchored or bounded, and a line past `LINE_MAX` is not read.
 */
export function parsePastedList(text: string): TPasteResult {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const sent = lines.some((line) => SENT_LINE.test(line.trim()));
  const products: TPastedProduct[] = [];
  const skipped: TPasteSkipped[] = [];
  lines.forEach((raw, index) => {
    const line = index + 1;
    const trimmed = raw.trim();
    if (!trimmed) return;
    // Longer than any product line (a name, a quantity, a unit, a sender): a paragraph, read no further.
    if (trimmed.length > LINE_MAX) {
      skipped.push({ line, text: trimmed, reason: 'message' });
      return;
    }
    if (sent) {
      const match = SENT_LINE.exec(trimmed);
      if (!match) {
        skipped.push({ line, text: trimmed, reason: LINK.test(trimmed) ? 'link' : 'message' });
        return;
      }
      const quantity = Number(match[1]!.replace(',', '.'));
      products.push({ line, name: match[3]!.trim(), unit: match[2]!.trim(), quantity: isQuantity(quantity) ? quantity : null });
      return;
    }
    const read = readLine(trimmed);
    if ('skip' in read) skipped.push({ line, text: trimmed, reason: read.skip });
    else products.push({ line, ...read });
  });
  return { products, skipped, sentText: sent };
}
