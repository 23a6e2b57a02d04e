// Section citations in the code ("docs/decisions.md §8.4"), and the headings they
// must name. `node tooling/scripts/citations.mjs` lists every citation that names
// no heading; tooling/scripts/citations.test.ts fails on any.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The section numbers of a Markdown file's headings: "## 8. Round 3" and "### 8.4 Money" give 8 and 8.4. */
export function headingNumbers(markdown) {
  const numbers = new Set();
  for (const match of markdown.matchAll(/^#{2,6} (\d+(?:\.\d+)*)\.?\s/gm)) numbers.add(match[1]);
  return numbers;
}

/**
 * Every `§N` or `§N.N` in a text, with the file it cites: product.md when that
 * name is the nearest document named before the sign, on its line or the one
 * above (a citation often wraps), else decisions.md (`fallback`).
 */
export function findCitations(text, fallback = 'decisions') {
  const lines = text.split('\n');
  const found = [];
  lines.forEach((content, index) => {
    for (const match of content.matchAll(/§\s?(\d+(?:\.\d+)*)/g)) {
      const before = `${lines[index - 1] ?? ''}\n${content.slice(0, match.index)}`;
      const product = before.lastIndexOf('product.md');
      const decisions = Math.max(before.lastIndexOf('decisions.md'), before.lastIndexOf('DECISIONS'));
      const doc = product > decisions ? 'product' : decisions > product ? 'decisions' : fallback;
      found.push({ doc, section: match[1], line: index + 1 });
    }
  });
  return found;
}

/** Every citation in the repository's tracked files that names no heading, and how many were checked. */
export function brokenCitations(root) {
  const read = (file) => readFileSync(path.join(root, file), 'utf8');
  const headings = { decisions: headingNumbers(read('docs/decisions.md')), product: headingNumbers(read('docs/product.md')) };
  const files = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' })
    .split('\0')
    .filter((file) => /\.(ts|tsx|mts|mjs|js|css|html|ya?ml|md)$/.test(file) && !/citations(\.test)?\.m?ts$|citations\.mjs$/.test(file));
  const broken = [];
  let checked = 0;
  for (const file of files) {
    // product.md's own signs number its own sections.
    for (const { doc, section, line } of findCitations(read(file), file === 'docs/product.md' ? 'product' : 'decisions')) {
      checked += 1;
      if (!headings[doc].has(section)) broken.push(`${file}:${line} cites docs/${doc}.md §${section}`);
    }
  }
  return { checked, broken };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { checked, broken } = brokenCitations(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..'));
  for (const line of broken) console.log(line);
  console.log(`${checked} citations, ${broken.length} naming no heading`);
  process.exitCode = broken.length ? 1 : 0;
}
