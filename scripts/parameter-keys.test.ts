import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { siteParameterCatalogue } from '@comptoir/domain/site-parameters';
import { buildThemeVariables } from '@comptoir/domain/site-theme';
import { repositoryFiles, root } from './citations';

/**
 * Every key of the parameter catalogue does something (issue 27): a key that no storefront or API
 * code reads is a setting the owner changes in vain. The few keys below are read only where the
 * back office lists and edits the catalogue, on purpose; each says why.
 */
const BACK_OFFICE_ONLY: Readonly<Record<string, string>> = {};

/** Where a key counts as read: the code that runs, not the catalogue, the seed or the tests. */
const CODE = /^(apps\/api\/src|apps\/web|packages\/[^/]+\/src)\/.*\.(ts|tsx|css)$/;
const NOT_A_READER = [
  /\.test\.tsx?$/,
  /^apps\/api\/src\/db\/seed\//,
  /^apps\/api\/src\/modules\/platform\/templates\//,
  /^packages\/domain\/src\/site-parameters\.ts$/,
  // The list of a few keys' values, which the back office offers: a key there is not yet read.
  /^packages\/domain\/src\/parameter-choices\.ts$/,
  /^apps\/web\/modules\/admin\//,
];

const codeFiles = repositoryFiles().filter(
  (file) => CODE.test(file) && !NOT_A_READER.some((pattern) => pattern.test(file)),
);
const sources = codeFiles.map((file) => ({
  file,
  text: readFileSync(path.join(root, file), 'utf8'),
}));

function readersOf(word: string): string[] {
  const pattern = new RegExp(`(?<![\\w-])${word.replace(/[-]/g, '\\-')}(?![\\w-])`);
  return sources.filter(({ text }) => pattern.test(text)).map(({ file }) => file);
}

describe('the parameter catalogue', () => {
  const keys = siteParameterCatalogue.map((definition) => definition.type);

  it('has no key that no storefront or API code reads', () => {
    const unread = keys.filter((key) => !(key in BACK_OFFICE_ONLY) && readersOf(key).length === 0);
    expect(unread, 'read the key where the spec puts it, or list it in BACK_OFFICE_ONLY').toEqual(
      [],
    );
  });

  it('lists as back-office metadata only keys that exist and that no code reads', () => {
    for (const key of Object.keys(BACK_OFFICE_ONLY)) {
      expect(keys, key).toContain(key);
      expect(readersOf(key), `${key} is read: take it off BACK_OFFICE_ONLY`).toEqual([]);
    }
  });

  it('turns into no CSS variable that no stylesheet or component uses', () => {
    const emitted = Object.keys(buildThemeVariables([], []));
    const unused = emitted.filter(
      (variable) =>
        !sources.some(
          ({ file, text }) =>
            file !== 'packages/domain/src/site-theme.ts' &&
            // Used in a stylesheet, or read by name where the theme is derived (lib/theme.ts).
            (text.includes(`var(${variable}`) || text.includes(`'${variable}'`)),
        ),
    );
    expect(unused).toEqual([]);
  });
});
