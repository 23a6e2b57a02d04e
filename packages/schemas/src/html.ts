/** Text made safe to put in HTML, as content or in a quoted attribute (the mails, the static first paint). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
