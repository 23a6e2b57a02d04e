import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { brokenCitations, findCitations, headingNumbers } from './citations.mjs';

/**
 * Code cites docs/decisions.md and docs/product.md by section ("docs/decisions.md
 * §8.4", "shared DECISIONS §9.2", "docs/product.md §9"). A citation that names no
 * heading sends a reader nowhere, as 169 of them once did: every one must name a
 * heading of the file it cites.
 */
describe('section citations', () => {
  it('reads the numbers of headings, at every depth', () => {
    const numbers = headingNumbers('# Title\n\n## 1. One\n\n### 1.2 Two\n\n#### 1.2.1 Three\n\nText §4\n');
    expect([...numbers]).toEqual(['1', '1.2', '1.2.1']);
  });

  it('tells the cited file from the nearest name before the sign', () => {
    const text = [
      '// docs/product.md §9: the toast time (docs/decisions.md §8.4)',
      '/** Webhooks (shared DECISIONS §8.5). */',
      'const x = 1; // §2',
    ].join('\n');
    expect(findCitations(text).map(({ doc, section, line }) => `${line}:${doc}:${section}`)).toEqual([
      '1:product:9',
      '1:decisions:8.4',
      '2:decisions:8.5',
      '3:decisions:2',
    ]);
  });

  it('names an existing heading, wherever the code cites one', () => {
    const { checked, broken } = brokenCitations(path.resolve(import.meta.dirname, '../..'));
    expect(checked).toBeGreaterThan(300);
    expect(broken).toEqual([]);
  });
});
