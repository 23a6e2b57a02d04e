// Types of citations.mjs for the TypeScript that imports it (tooling/scripts/citations.test.ts).
/** The section numbers of a Markdown file's headings. */
export function headingNumbers(markdown: string): Set<string>;
/** Every `§N.N` in a text, with the file it cites and its line. */
export function findCitations(
  text: string,
  fallback?: 'decisions' | 'product',
): { doc: 'decisions' | 'product'; section: string; line: number }[];
/** Every citation in the repository's tracked files that names no heading, and how many were checked. */
export function brokenCitations(root: string): { checked: number; broken: string[] };
