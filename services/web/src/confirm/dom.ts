/**
 * What the supplier's pages share (the confirmation page, docs/decisions.md
 * §6.4, and the claim page, §9.4): no framework, none of the owner's app.
 */

export type Child = Node | string | null | undefined | false;

/** An element with attributes (`on*` as listeners) and children. */
export function h<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Record<string, unknown> = {}, ...children: Child[]) {
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

/** The browser's language when it is Spanish, else English. */
export function pageLanguage(languages: readonly string[]): 'en' | 'es' {
  return languages[0]?.toLowerCase().startsWith('es') ? 'es' : 'en';
}

/** A text with its `{name}` places filled. */
export function fill(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (all, name: string) => (name in values ? String(values[name]) : all));
}

/** The page's `<main>`, with `children` in place of what it showed. */
export function show(page: HTMLElement, ...children: Child[]) {
  page.replaceChildren(...children.filter((c): c is Node | string => Boolean(c)));
  page.setAttribute('aria-busy', 'false');
}

/** A note's textarea (`#note`, at most `max` characters) and the line under it that counts what is used. */
export function noteField(value: string, max: number, count: (used: number) => string) {
  const noteCount = h('p', { class: 'muted small', id: 'note-count' });
  const note = h('textarea', { id: 'note', rows: 3, maxlength: max, 'aria-describedby': 'note-count' }) as HTMLTextAreaElement;
  note.value = value;
  const update = () => {
    noteCount.textContent = count(note.value.length);
  };
  note.addEventListener('input', update);
  update();
  return { note, noteCount };
}

/** The API's envelope: the data, or a message saying what is wrong. */
export type Envelope<T> = { data?: T; message?: string } | null;

/** POSTs `data` as JSON to one of the public pages' endpoints: the answer's status and body (null when not JSON). */
export async function postJson<T>(url: string, data: unknown): Promise<{ status: number; ok: boolean; body: Envelope<T> }> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify(data),
  });
  return { status: res.status, ok: res.ok, body: await res.json().catch(() => null) };
}
