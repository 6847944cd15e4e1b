import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  REPOSITORY_CITATION,
  anchorsOf,
  outsideCitations,
  readRepositoryFile,
  repositoryFiles,
  rewriteLine,
  rewriteText,
  root,
} from './citations';

/**
 * Code and docs cite the requirements and the architecture the repository holds
 * (docs/requirements/, docs/architecture.md; decision 0092), never a document a clone lacks, and
 * every page or heading they cite exists. Decisions are records of their time and keep their
 * words; scripts/rewrite-citations.ts turns an old citation into a page of the repository.
 */
const SECTION = '\u00a7';
const files = repositoryFiles();
const OWN = new Set(['scripts/citations.ts', 'scripts/citations.test.ts']);

describe('citations in the repository', () => {
  it('cite no document kept outside the repository', () => {
    const found = files
      .filter((file) => !file.startsWith('docs/decisions/') && !OWN.has(file))
      .flatMap((file) =>
        readRepositoryFile(file)
          .split('\n')
          .flatMap((line, index) =>
            outsideCitations(line).map((cited) => `${file}:${index + 1}: ${cited}`),
          ),
      );
    expect(found, 'run `npx tsx scripts/rewrite-citations.ts`').toEqual([]);
  });

  it('cite only pages and headings that exist', () => {
    const anchors = new Map<string, Set<string>>();
    const anchorsOfPage = (page: string) => {
      if (!anchors.has(page)) anchors.set(page, anchorsOf(readRepositoryFile(`docs/${page}`)));
      return anchors.get(page) ?? new Set<string>();
    };
    const broken: string[] = [];
    let cited = 0;
    for (const file of files) {
      if (OWN.has(file)) continue;
      for (const [text, page = '', anchor] of readRepositoryFile(file).matchAll(
        REPOSITORY_CITATION,
      )) {
        cited += 1;
        if (page.includes('<')) continue;
        if (!existsSync(path.join(root, 'docs', page))) broken.push(`${file}: ${text}`);
        else if (anchor && !anchorsOfPage(page).has(anchor)) broken.push(`${file}: ${text}`);
      }
    }
    expect(broken).toEqual([]);
    expect(cited).toBeGreaterThan(200);
  });

  it('link the requirements pages to pages and headings that exist', () => {
    const pages = files.filter(
      (file) => file.startsWith('docs/requirements/') || file === 'docs/architecture.md',
    );
    expect(pages.length).toBeGreaterThan(25);
    const broken: string[] = [];
    for (const page of pages) {
      for (const [link, target = '', anchor] of readRepositoryFile(page).matchAll(
        /\]\(([^)#\s]*)(?:#([^)\s]+))?\)/g,
      )) {
        if (/^[a-z]+:/.test(target)) continue;
        const linked = target ? path.posix.join(path.posix.dirname(page), target) : page;
        if (!existsSync(path.join(root, linked))) broken.push(`${page}: ${link}`);
        else if (anchor && !anchorsOf(readRepositoryFile(linked)).has(anchor)) {
          broken.push(`${page}: ${link}`);
        }
      }
    }
    expect(broken).toEqual([]);
  });
});

describe('the citation rewrite', () => {
  it('sends a chain of sections to the page of the feature the file belongs to, once', () => {
    expect(
      rewriteLine(
        'packages/contract/src/cart.ts',
        ` * The cart (spec ${SECTION}3 Cart, ${SECTION}4, ${SECTION}5, ${SECTION}7 Cart, ${SECTION}8).`,
      ),
    ).toBe(' * The cart (docs/requirements/cart.md).');
  });

  it('lets a named part of a section decide the page', () => {
    expect(
      rewriteLine(
        'apps/api/src/db/schema.ts',
        `/** A site's discount codes (spec ${SECTION}3 Discount, decision 0051). */`,
      ),
    ).toBe("/** A site's discount codes (docs/requirements/discount-codes.md, decision 0051). */");
  });

  it('reads the line when the file belongs to no feature', () => {
    expect(
      rewriteLine('apps/api/src/db/schema.ts', `/** Blog folders (spec ${SECTION}3): a tree. */`),
    ).toBe('/** Blog folders (docs/requirements/blog.md): a tree. */');
  });

  it('points the design notes at the heading of the architecture page', () => {
    expect(
      rewriteLine(
        'apps/api/src/lib/site-cache.ts',
        `/** Kept in memory (DESI${'GN'}.md ${SECTION}4). */`,
      ),
    ).toBe('/** Kept in memory (docs/architecture.md#performance). */');
  });

  it('points the reading notes at the page their subject belongs to', () => {
    expect(
      rewriteLine(
        'apps/api/src/lib/jobs.ts',
        ` * Jobs behind one interface (READ${'INGS'}: pg-boss does not run on PGlite).`,
      ),
    ).toBe(
      ' * Jobs behind one interface (docs/requirements/scale-out.md: pg-boss does not run on PGlite).',
    );
  });

  it('leaves the sections of issues and other texts alone', () => {
    const line = ` * Fuzzing (issue 14 ${SECTION}5), tags as RFC 9110 ${SECTION}13.1.2 says.`;
    expect(rewriteLine('apps/api/src/http/x.test.ts', line)).toBe(line);
    expect(outsideCitations(line)).toEqual([]);
  });

  it('drops the rest of a chain carried over to the next line', () => {
    const text = [
      ` * Codes checked against a cart (spec ${SECTION}3 Discount,`,
      ` * ${SECTION}7 POST /order/discount; issue 10).`,
    ].join('\n');
    expect(rewriteText('packages/contract/src/discount.ts', text).text).toBe(
      [
        ' * Codes checked against a cart (docs/requirements/discount-codes.md,',
        ' * POST /order/discount; issue 10).',
      ].join('\n'),
    );
  });

  it('changes nothing the second time', () => {
    const once = rewriteLine(
      'apps/web/modules/cart/cart-view.tsx',
      ` * the store (spec ${SECTION}8), and the refresh of spec ${SECTION}4.`,
    );
    expect(once).toBe(
      ' * the store (docs/requirements/cart.md), and the refresh of docs/requirements/cart.md.',
    );
    expect(rewriteLine('apps/web/modules/cart/cart-view.tsx', once)).toBe(once);
  });
});
