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
