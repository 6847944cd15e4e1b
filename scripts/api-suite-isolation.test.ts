import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The API suite on PGlite runs without isolation (vitest.config.ts, decision 0091): the files of
 * one worker share its loaded modules. That holds only while no API test replaces a module or
 * leaves a global changed for the files after it: a module mock would reach every later file of
 * the worker, a stubbed global that is not put back likewise.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const apiSource = path.join(root, 'apps/api/src');

const testFiles = (readdirSync(apiSource, { recursive: true }) as string[])
  .filter((file) => file.endsWith('.test.ts') && !file.endsWith('.postgres.test.ts'))
  .map((file) => ({ file, text: readFileSync(path.join(apiSource, file), 'utf8') }));

describe('the API suite without isolation', () => {
  it('mocks no module', () => {
    const mocking = testFiles
      .filter(({ text }) => /\bvi\.(mock|doMock|hoisted)\(/.test(text))
      .map(({ file }) => file);
    expect(mocking).toEqual([]);
  });

  it('puts back every global or environment variable it stubs', () => {
    const leaking = testFiles
      .filter(
        ({ text }) =>
          (/\bvi\.stubGlobal\(/.test(text) && !/\bvi\.unstubAllGlobals\(/.test(text)) ||
          (/\bvi\.stubEnv\(/.test(text) && !/\bvi\.unstubAllEnvs\(/.test(text)) ||
          (/\bvi\.useFakeTimers\(/.test(text) && !/\bvi\.useRealTimers\(/.test(text)),
      )
      .map(({ file }) => file);
    expect(leaking).toEqual([]);
  });
});
