import type { TConfirmation, TPublicConfirmation } from '@reorder/schemas';
import { LIMITS } from '@reorder/schemas/limits';
import { formatQuantity } from '@reorder/schemas/order-text';
import './confirm.css';
import { CONFIRM_TEXTS, fill, pageLanguage } from './texts.ts';

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

type Child = Node | string | null | undefined | false;

/** An element with attributes (`on*` as listeners) and children. */
function h<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Record<string, unknown> = {}, ...children: Child[]) {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (name.startsWith('on') && typeof value === 'function') el.addEventListener(name.slice(2), value as EventListener);
    else if (name in el && typeof value !== 'string') (el as unknown as Record<string, unknown>)[name] = value;
    else el.setAttribute(name, value === true ? '' : String(value));
  }
  for (const child of children) if (child !== null && child !== undefined && child !== false) el.append(child);
  return el;
}

const day = (iso: string) => new Intl.DateTimeFormat(language, { dateStyle: 'full', timeZone: 'UTC' }).format(new Date(`${iso}T00:00:00Z`));
const moment = (iso: string) => new Intl.DateTimeFormat(language, { dateStyle: 'long', timeStyle: 'short' }).format(new Date(iso));
const lineText = (line: TPublicConfirmation['lines'][number]) => `${formatQuantity(line.quantity)} x ${line.unit}: ${line.name}`;

function show(...children: Child[]) {
  page.replaceChildren(...children.filter((c): c is Node | string => Boolean(c)));
  page.setAttribute('aria-busy', 'false');
}

function gone() {
  document.title = t.goneTitle;
  show(h('section', { class: 'card' }, h('h1', {}, t.goneTitle), h('p', {}, t.goneText)));
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
  const rows = order.lines.map((line, i) => {
    const state = h('span', { class: 'state', 'aria-hidden': 'true' });
    const input = h('input', { type: 'checkbox', role: 'switch', id: `line-${i}`, checked: !unavailable.has(line.productId) });
    const row = h('li', {}, h('label', { for: `line-${i}` }, h('span', { class: 'name' }, lineText(line)), input, state));
    const paint = () => {
      state.textContent = input.checked ? t.available : t.unavailable;
      row.classList.toggle('off', !input.checked);
    };
    input.addEventListener('change', () => {
      if (input.checked) unavailable.delete(line.productId);
      else unavailable.add(line.productId);
      paint();
      updateCount();
    });
    paint();
    return row;
  });
  updateCount();

  const noteCount = h('p', { class: 'muted small', id: 'note-count' });
  const note = h('textarea', {
    id: 'note',
    rows: 3,
    maxlength: LIMITS.messageMax,
    'aria-describedby': 'note-count',
  }) as HTMLTextAreaElement;
  note.value = previous?.note ?? '';
  const countNote = () => {
    noteCount.textContent = fill(t.noteCount, { used: note.value.length, max: LIMITS.messageMax });
  };
  note.addEventListener('input', countNote);
  countNote();
  const today = new Date();
  const min = new Date(today.getTime() - today.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
  const delivery = h('input', { type: 'date', id: 'delivery', min, value: previous?.deliveryDate ?? '' }) as HTMLInputElement;
  const problem = h('p', { class: 'problem', role: 'alert' });
  const submit = h('button', { type: 'submit', class: 'primary' }, t.confirm) as HTMLButtonElement;

  const onsubmit = async (event: Event) => {
    event.preventDefault();
    submit.disabled = true;
    submit.textContent = t.sending;
    problem.textContent = '';
    try {
      const res = await fetch(endpoint, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({ unavailable: [...unavailable], note: note.value, deliveryDate: delivery.value || null }),
      });
      const body = await res.json().catch(() => null);
      if (res.status === 404) return gone();
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
