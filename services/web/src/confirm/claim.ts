import type { TPublicClaim } from '@reorder/schemas';
import { LIMITS } from '@reorder/schemas/limits';
import { formatAmount, formatMoney } from '@reorder/schemas/order-text';
import { CLAIM_TEXTS } from './claim-texts.ts';
import './confirm.css';
import './claim.css';
import { type Child, fill, h, noteField, pageLanguage, postJson, show as showIn } from './dom.ts';

/**
 * The supplier's claim page, `/claim/<token>` (docs/decisions.md §9.4): no
 * account, none of the owner's app, as the confirmation page. It shows whose
 * claim it is, the lines and the amount, and takes an answer (credit,
 * redeliver or dispute) with a note and a credit note's number; once
 * answered, the answer and until when it can be changed. An unknown link is
 * a 404, a closed or too old claim a 409, too many tries a 429: each said
 * plainly.
 */

const language = pageLanguage(navigator.languages?.length ? navigator.languages : [navigator.language]);
const t = CLAIM_TEXTS[language];
document.documentElement.lang = language;
const page = document.getElementById('page') as HTMLElement;
const token = decodeURIComponent(location.pathname.split('/')[2] ?? '');
const endpoint = `/api/public/claims/${encodeURIComponent(token)}`;
const ANSWERS = ['credit', 'redeliver', 'dispute'] as const;

const show = (...children: Child[]) => showIn(page, ...children);
const moment = (iso: string) => new Intl.DateTimeFormat(language, { dateStyle: 'long', timeStyle: 'short' }).format(new Date(iso));
const money = (claim: TPublicClaim, amount: number) => formatMoney(amount, claim.currency, language);
const footer = () => h('p', { class: 'muted foot' }, t.footer);

function message(title: string, text: string) {
  document.title = title;
  show(h('section', { class: 'card' }, h('h1', {}, title), h('p', {}, text)), footer());
}

const gone = () => message(t.goneTitle, t.goneText);
const problemCard = (text: string) => show(h('section', { class: 'card' }, h('p', { role: 'alert' }, text)), footer());

/** Whose claim, about which order, and what is claimed, line by line, with the total. */
function header(claim: TPublicClaim) {
  document.title = fill(t.title, { business: claim.businessName });
  return [
    h(
      'header',
      { class: 'head' },
      h('h1', {}, fill(t.title, { business: claim.businessName })),
      h('p', { class: 'muted' }, fill(t.about, { supplier: claim.supplierName, date: moment(claim.sentAt) })),
    ),
    h(
      'section',
      { class: 'card', 'aria-labelledby': 'claim-lines' },
      h('h2', { id: 'claim-lines', class: 'small-title' }, t.lines),
      h(
        'ul',
        { class: 'claimed' },
        ...claim.lines.map((line) =>
          h(
            'li',
            {},
            h(
              'span',
              {},
              h('strong', {}, line.name),
              h('br'),
              line.quantity > 0 ? `${formatAmount(line.quantity, language)} x ${line.unit} · ` : '',
              t.reasons[line.reason],
            ),
            h('span', { class: 'amount' }, money(claim, line.amount)),
          ),
        ),
      ),
      h('p', { class: 'total' }, fill(t.total, { amount: money(claim, claim.amount) })),
    ),
  ];
}

/** The supplier's answer as given. */
function answerLines(claim: TPublicClaim) {
  const answer = claim.supplierAnswer;
  if (!answer) return [];
  return [
    h('p', {}, h('strong', {}, fill(t.youAnswered, { answer: t.answers[answer.answer] }))),
    answer.creditNote ? h('p', {}, fill(t.creditNoteGiven, { number: answer.creditNote })) : null,
    answer.note ? h('p', { class: 'note' }, fill(t.yourNote, { note: answer.note })) : null,
  ];
}

/** A claim that takes no answer any more: closed by the business, or older than the days answers are taken. */
function shut(claim: TPublicClaim) {
  const closed = claim.status === 'closed';
  show(
    ...header(claim),
    h(
      'section',
      { class: 'card done', 'data-status': claim.status },
      h('h2', {}, closed ? t.closedTitle : t.yourAnswer),
      h('p', { role: 'status' }, fill(closed ? t.closed : t.tooLate, { business: claim.businessName })),
      ...answerLines(claim),
    ),
    footer(),
  );
}

const answerable = (claim: TPublicClaim) => claim.status !== 'closed' && Date.now() < new Date(claim.answerableUntil).getTime();

/** The answer given: what the supplier said, until when it can be changed, and a way to change it. */
function answered(claim: TPublicClaim, focus: boolean) {
  if (!answerable(claim)) return shut(claim);
  const title = h('h2', { tabindex: -1 }, fill(t.answered, { business: claim.businessName, date: moment(claim.answerableUntil) }));
  show(
    ...header(claim),
    h(
      'section',
      { class: `card done ${claim.supplierAnswer?.answer ?? ''}`, 'data-status': claim.status },
      title,
      ...answerLines(claim),
      h('button', { type: 'button', class: 'secondary', onclick: () => form(claim) }, t.change),
    ),
    footer(),
  );
  if (focus) title.focus();
}

/** The form: credit, redeliver or dispute, the credit note's number, a note, Send. */
function form(claim: TPublicClaim) {
  const previous = claim.supplierAnswer;
  const choices = ANSWERS.map((answer) => {
    const input = h('input', {
      type: 'radio',
      name: 'answer',
      value: answer,
      id: `answer-${answer}`,
      'aria-describedby': `explain-${answer}`,
      checked: previous?.answer === answer,
    }) as HTMLInputElement;
    return {
      answer,
      input,
      row: h(
        'label',
        { class: 'choice', for: `answer-${answer}` },
        input,
        h('span', {}, h('strong', {}, t.answers[answer]), h('span', { class: 'muted small', id: `explain-${answer}` }, t.explain[answer])),
      ),
    };
  });
  const creditNote = h('input', {
    type: 'text',
    id: 'credit-note',
    maxlength: LIMITS.substituteMax,
    value: previous?.creditNote ?? '',
    autocomplete: 'off',
  }) as HTMLInputElement;
  const { note, noteCount } = noteField(previous?.note ?? '', LIMITS.messageMax, (used) =>
    fill(t.noteCount, { used, max: LIMITS.messageMax }),
  );
  const problem = h('p', { class: 'problem', role: 'alert' });
  const submit = h('button', { type: 'submit', class: 'primary' }, t.send) as HTMLButtonElement;

  const onsubmit = async (event: Event) => {
    event.preventDefault();
    const answer = choices.find((c) => c.input.checked)?.answer;
    if (!answer) {
      problem.textContent = t.pickOne;
      choices[0]?.input.focus();
      return;
    }
    submit.disabled = true;
    submit.textContent = t.sending;
    problem.textContent = '';
    try {
      const res = await postJson<TPublicClaim>(endpoint, { answer, note: note.value, creditNote: creditNote.value });
      const body = res.body;
      if (res.status === 404) return gone();
      // Closed by the business meanwhile, or past the days answers are taken: the page as it now is.
      if (res.status === 409) return shut(claim.status === 'closed' || !answerable(claim) ? claim : { ...claim, status: 'closed' });
      if (res.ok && body?.data) return answered(body.data as TPublicClaim, true);
      problem.textContent = res.status === 429 ? t.tooMany : (body?.message ?? t.failed);
    } catch {
      problem.textContent = t.failed;
    }
    submit.disabled = false;
    submit.textContent = t.send;
  };

  show(
    ...header(claim),
    h(
      'form',
      { class: 'card', onsubmit, novalidate: true },
      h('p', {}, t.intro),
      h('fieldset', { class: 'choices' }, h('legend', {}, t.yourAnswer), ...choices.map((c) => c.row)),
      h('label', { for: 'credit-note', class: 'field' }, t.creditNote),
      creditNote,
      h('label', { for: 'note', class: 'field' }, fill(t.note, { business: claim.businessName })),
      note,
      noteCount,
      problem,
      submit,
    ),
    footer(),
  );
}

async function start() {
  show(h('p', { class: 'muted' }, t.loading));
  page.setAttribute('aria-busy', 'true');
  try {
    const res = await fetch(endpoint, { headers: { Accept: 'application/json' } });
    if (res.status === 404) return gone();
    const body = await res.json().catch(() => null);
    if (!res.ok) return problemCard(res.status === 429 ? t.tooMany : (body?.message ?? t.failed));
    const claim = body.data as TPublicClaim;
    if (!answerable(claim)) shut(claim);
    else if (claim.supplierAnswer) answered(claim, false);
    else form(claim);
  } catch {
    problemCard(t.failed);
  }
}

void start();
