import type { TConfirmation, TPublicConfirmation } from '@reorder/schemas';
import { hasAllowedDecimals, LIMITS, readTypedNumber } from '@reorder/schemas/limits';
import { formatAmount, formatMoney } from '@reorder/schemas/order-text';
import { orderTotals } from '@reorder/schemas/quantities';
import './confirm.css';
import { type Child, fill, h, noteField, pageLanguage, postJson, show as showIn } from './dom.ts';
import { CONFIRM_TEXTS } from './texts.ts';

/**
 * The supplier's confirmation page, `/confirm/<token>` (docs/decisions.md §6.4):
 * no account, no framework, none of the owner's app. It shows the order as it
 * was sent, a switch per line, a note and a delivery date, and Confirm; once
 * answered, what was sent and until when it can be changed.
 */

const language = pageLanguage(navigator.languages?.length ? navigator.languages : [navigator.language]);
const t = CONFIRM_TEXTS[language];
document.documentElement.lang = language;
const page = document.getElementById('page') as HTMLElement;
const token = decodeURIComponent(location.pathname.split('/')[2] ?? '');
const endpoint = `/api/public/confirmations/${encodeURIComponent(token)}`;

const day = (iso: string) => new Intl.DateTimeFormat(language, { dateStyle: 'full', timeZone: 'UTC' }).format(new Date(`${iso}T00:00:00Z`));
const moment = (iso: string) => new Intl.DateTimeFormat(language, { dateStyle: 'long', timeStyle: 'short' }).format(new Date(iso));
type Line = TPublicConfirmation['lines'][number];
/**
 * A line as the order text writes it, in the page's language, with its amount
 * when the business shares prices; the name is `id`'s, to name the line's group.
 */
const lineText = (line: Line, currency: string, id: string) =>
  h(
    'span',
    { class: 'name' },
    `${formatAmount(line.quantity, language)} x ${line.unit}: `,
    h('strong', { id }, line.name),
    line.lineTotal !== null ? ` · ${formatMoney(line.lineTotal, currency, language)}` : '',
  );

/** A number as typed, with a decimal comma or point; undefined when it is not one with at most `decimals` decimals up to `max`. */
function typedNumber(text: string, decimals: number, max: number): number | undefined {
  const value = readTypedNumber(text);
  return value !== undefined && value <= max && hasAllowedDecimals(value, decimals) ? value : undefined;
}

const show = (...children: Child[]) => showIn(page, ...children);

function gone() {
  document.title = t.goneTitle;
  show(h('section', { class: 'card' }, h('h1', {}, t.goneTitle), h('p', {}, t.goneText)));
}

/** The link of a send the business's phone has not synced yet (a 409): not withdrawn, only early (docs/decisions.md §9.3). */
function notYet() {
  document.title = t.notYetTitle;
  show(
    h(
      'section',
      { class: 'card' },
      h('h1', {}, t.notYetTitle),
      h('p', {}, t.notYet),
      h('p', { class: 'muted' }, t.notYetWhy),
      h('button', { type: 'button', class: 'secondary', onclick: () => void start() }, t.retry),
    ),
    h('p', { class: 'muted foot' }, t.footer),
  );
}

/** Header of both states: whose order, to whom and when, and the message. */
function header(order: TPublicConfirmation) {
  document.title = fill(t.title, { business: order.businessName });
  return h(
    'header',
    { class: 'head' },
    h('h1', {}, fill(t.title, { business: order.businessName })),
    h('p', { class: 'muted' }, fill(t.sentTo, { supplier: order.supplierName, date: moment(order.sentAt) })),
    order.introduce.trim() ? h('blockquote', {}, order.introduce) : null,
  );
}

/** The answer as given: what the supplier said, until when it can be changed, and a way to change it. */
function answered(order: TPublicConfirmation, answer: TConfirmation, focus: boolean) {
  const missing = order.lines.filter((l) => answer.unavailable.includes(l.productId)).map((l) => l.name);
  const summary =
    answer.status === 'confirmed'
      ? t.confirmed
      : answer.status === 'declined'
        ? t.declined
        : fill(t.partial, { items: missing.join(', ') });
  const title = h('h2', { tabindex: -1 }, fill(t.sent, { business: order.businessName, date: moment(order.expiresAt) }));
  show(
    header(order),
    h(
      'section',
      { class: `card done ${answer.status}`, 'data-status': answer.status },
      title,
      h('p', {}, summary),
      answer.deliveryDate ? h('p', {}, fill(t.deliveryOn, { date: day(answer.deliveryDate) })) : null,
      answer.note ? h('p', { class: 'note' }, fill(t.yourNote, { note: answer.note })) : null,
      answer.lines.length > 0
        ? h(
            'ul',
            { class: 'changed' },
            ...answer.lines.flatMap((changed) => {
              const line = order.lines.find((l) => l.productId === changed.productId);
              if (!line) return [];
              const parts = [
                changed.quantity > 0 && changed.quantity !== line.quantity
                  ? fill(t.deliverInstead, {
                      quantity: formatAmount(changed.quantity, language),
                      sent: formatAmount(line.quantity, language),
                    })
                  : '',
                changed.price !== null
                  ? fill(t.pricePer, { price: formatMoney(changed.price, order.currency, language), unit: line.unit })
                  : '',
                changed.substitute ? fill(t.substituteGiven, { substitute: changed.substitute }) : '',
              ].filter(Boolean);
              return parts.length ? [h('li', {}, h('strong', {}, line.name), `: ${parts.join(' · ')}`)] : [];
            }),
          )
        : null,
      h('button', { type: 'button', class: 'secondary', onclick: () => form(order, answer) }, t.change),
    ),
    h('p', { class: 'muted foot' }, t.footer),
  );
  if (focus) title.focus();
}

/** The form: a switch per line, a note, a delivery date and Confirm. */
function form(order: TPublicConfirmation, previous: TConfirmation | null) {
  const unavailable = new Set(previous?.unavailable ?? []);
  const count = h('p', { class: 'count', 'aria-live': 'polite' });
  const updateCount = () => {
    count.textContent = fill(t.count, { available: order.lines.length - unavailable.size, total: order.lines.length });
  };
  // The confirmed total, only where the business shares prices: what each line will cost as the supplier answers it.
  const total = order.showPrices ? h('p', { class: 'total', role: 'status' }) : null;
  const updateTotal = () => {
    if (!total) return;
    const sums = orderTotals(
      edits.map(({ line, quantity, price }) => {
        if (unavailable.has(line.productId)) return { quantity: 0, price: null };
        // What does not read as a number yet counts as sent; Confirm tells what is wrong with it.
        const typedPrice = price && price.value.trim() !== '' ? typedNumber(price.value, LIMITS.priceDecimals, LIMITS.priceMax) : undefined;
        return {
          quantity: typedNumber(quantity.value, LIMITS.quantityDecimals, LIMITS.quantityMax) ?? line.quantity,
          price: typedPrice ?? line.price,
        };
      }),
    );
    const amount = fill(t.total, { amount: formatMoney(sums.total, order.currency, language) });
    total.textContent = sums.unpricedLines > 0 ? `${amount} · ${fill(t.unpriced, { count: sums.unpricedLines })}` : amount;
  };
  const before = new Map((previous?.lines ?? []).map((line) => [line.productId, line]));
  const edits = order.lines.map((line, i) => {
    const was = before.get(line.productId);
    const quantity = h('input', {
      type: 'text',
      inputmode: 'decimal',
      id: `quantity-${i}`,
      value: formatAmount(was && was.quantity > 0 ? was.quantity : line.quantity, language),
      autocomplete: 'off',
    }) as HTMLInputElement;
    const price = order.showPrices
      ? (h('input', {
          type: 'text',
          inputmode: 'decimal',
          id: `price-${i}`,
          value:
            was?.price != null ? formatAmount(was.price, language, 4) : line.price !== null ? formatAmount(line.price, language, 4) : '',
          autocomplete: 'off',
        }) as HTMLInputElement)
      : null;
    const substitute = h('input', {
      type: 'text',
      id: `substitute-${i}`,
      maxlength: LIMITS.substituteMax,
      value: was?.substitute ?? '',
      autocomplete: 'off',
    }) as HTMLInputElement;
    const details = h(
      'details',
      { class: 'adjust', open: Boolean(was && was.quantity > 0) },
      h('summary', {}, t.adjust),
      h('label', { for: `quantity-${i}`, class: 'field' }, fill(t.quantity, { unit: line.unit })),
      quantity,
      price ? h('label', { for: `price-${i}`, class: 'field' }, fill(t.price, { unit: line.unit, currency: order.currency })) : null,
      price,
      h('label', { for: `substitute-${i}`, class: 'field' }, t.substitute),
      substitute,
    );
    quantity.addEventListener('input', () => updateTotal());
    price?.addEventListener('input', () => updateTotal());
    return { line, quantity, price, substitute, details };
  });
  const rows = order.lines.map((line, i) => {
    const state = h('span', { class: 'state', 'aria-hidden': 'true' });
    const input = h('input', { type: 'checkbox', role: 'switch', id: `line-${i}`, checked: !unavailable.has(line.productId) });
    const edit = edits[i]!;
    // One group per product, named by it, so each field (the substitute too) is told as that product's.
    const group = h(
      'div',
      { role: 'group', 'aria-labelledby': `name-${i}`, class: 'product' },
      h('label', { for: `line-${i}` }, lineText(line, order.currency, `name-${i}`), input, state),
      line.note ? h('p', { class: 'line-note' }, line.note) : null,
      edit.details,
    );
    const row = h('li', {}, group);
    const paint = () => {
      state.textContent = input.checked ? t.available : t.unavailable;
      row.classList.toggle('off', !input.checked);
      edit.details.hidden = !input.checked;
    };
    input.addEventListener('change', () => {
      if (input.checked) unavailable.delete(line.productId);
      else unavailable.add(line.productId);
      paint();
      updateCount();
      updateTotal();
    });
    paint();
    return row;
  });
  updateCount();
  updateTotal();

  const { note, noteCount } = noteField(previous?.note ?? '', LIMITS.messageMax, (used) =>
    fill(t.noteCount, { used, max: LIMITS.messageMax }),
  );
  const today = new Date();
  const min = new Date(today.getTime() - today.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
  const delivery = h('input', { type: 'date', id: 'delivery', min, value: previous?.deliveryDate ?? '' }) as HTMLInputElement;
  const problem = h('p', { class: 'problem', role: 'alert' });
  const submit = h('button', { type: 'submit', class: 'primary' }, t.confirm) as HTMLButtonElement;

  /** The lines answered differently: another quantity, a price other than the one sent, a substitute; or a problem in words. */
  const answeredLines = (): { lines: unknown[] } | { problem: string } => {
    const lines = [];
    for (const { line, quantity, price, substitute } of edits) {
      if (unavailable.has(line.productId)) continue;
      const deliver = typedNumber(quantity.value, LIMITS.quantityDecimals, LIMITS.quantityMax);
      if (deliver === undefined) return { problem: fill(t.badQuantity, { name: line.name }) };
      const priced = price && price.value.trim() !== '' ? typedNumber(price.value, LIMITS.priceDecimals, LIMITS.priceMax) : null;
      if (priced === undefined) return { problem: fill(t.badPrice, { name: line.name }) };
      const newPrice = priced !== null && priced !== line.price;
      const note = substitute.value.trim();
      if (deliver !== line.quantity || newPrice || note) {
        lines.push({ productId: line.productId, quantity: deliver, price: newPrice ? priced : null, substitute: note });
      }
    }
    return { lines };
  };

  const onsubmit = async (event: Event) => {
    event.preventDefault();
    const answer = answeredLines();
    if ('problem' in answer) {
      problem.textContent = answer.problem;
      return;
    }
    submit.disabled = true;
    submit.textContent = t.sending;
    problem.textContent = '';
    try {
      const res = await postJson<TPublicConfirmation>(endpoint, {
        unavailable: [...unavailable],
        note: note.value,
        deliveryDate: delivery.value || null,
        lines: answer.lines,
      });
      const body = res.body;
      if (res.status === 404) return gone();
      if (res.status === 409) return notYet();
      if (res.ok && body?.data?.confirmation) return answered(body.data as TPublicConfirmation, body.data.confirmation, true);
      problem.textContent = res.status === 429 ? t.tooMany : (body?.message ?? t.failed);
    } catch {
      problem.textContent = t.failed;
    }
    submit.disabled = false;
    submit.textContent = t.confirm;
  };

  show(
    header(order),
    h(
      'form',
      { class: 'card', onsubmit, novalidate: true },
      h('p', {}, t.intro),
      h('h2', { class: 'small-title' }, t.lines),
      h('ul', { class: 'lines' }, ...rows),
      count,
      total,
      h('label', { for: 'note', class: 'field' }, fill(t.note, { business: order.businessName })),
      note,
      noteCount,
      h('label', { for: 'delivery', class: 'field' }, t.delivery),
      delivery,
      problem,
      submit,
    ),
    h('p', { class: 'muted foot' }, t.footer),
  );
}

async function start() {
  show(h('p', { class: 'muted' }, t.loading));
  page.setAttribute('aria-busy', 'true');
  try {
    const res = await fetch(endpoint, { headers: { Accept: 'application/json' } });
    if (res.status === 404) return gone();
    if (res.status === 409) return notYet();
    const body = await res.json();
    if (!res.ok) return show(h('section', { class: 'card' }, h('p', { role: 'alert' }, res.status === 429 ? t.tooMany : body.message)));
    const order = body.data as TPublicConfirmation;
    if (order.confirmation) answered(order, order.confirmation, false);
    else form(order, null);
  } catch {
    show(h('section', { class: 'card' }, h('p', { role: 'alert' }, t.failed)));
  }
}

void start();
