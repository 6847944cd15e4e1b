import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The guard rails of eslint.config.mjs, checked on snippets that break them: a plugin update, a
 * renamed option or a moved folder that silently turned a rule off makes these tests fail.
 * The snippets are linted in memory, as if they were files at the given paths (nothing is written).
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: root });
});

interface Finding {
  rule: string | null;
  severity: number;
  message: string;
}

async function lint(file: string, code: string): Promise<Finding[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  if (!result) throw new Error(`ESLint returned no result for ${file}`);
  return result.messages.map((message) => ({
    rule: message.ruleId,
    severity: message.severity,
    message: message.message,
  }));
}

/** The errors (severity 2) of one rule. */
function errorsOf(findings: Finding[], rule: string): Finding[] {
  return findings.filter((finding) => finding.rule === rule && finding.severity === 2);
}

describe('import boundaries between workspaces', () => {
  it('refuses any of our packages in packages/domain', async () => {
    const findings = await lint(
      'packages/domain/src/boundary-fixture.ts',
      "import { okEnvelope } from '@comptoir/contract/envelope';\nexport const used = okEnvelope;\n",
    );
    const errors = errorsOf(findings, 'no-restricted-imports');
    expect(errors).toHaveLength(1);
    expect(errors[0]?.message).toContain('packages/domain imports none of our packages');
  });

  it('lets packages/contract import packages/domain, and nothing else of ours', async () => {
    const allowed = await lint(
      'packages/contract/src/boundary-fixture.ts',
      "import { slugify } from '@comptoir/domain/slug';\nexport const used = slugify;\n",
    );
    expect(allowed).toEqual([]);

    const refused = await lint(
      'packages/contract/src/boundary-fixture.ts',
      "import { buildApp } from '@comptoir/api/app';\nexport const used = buildApp;\n",
    );
    expect(errorsOf(refused, 'no-restricted-imports')[0]?.message).toContain(
      'packages/contract may import only @comptoir/domain',
    );
  });

  it('keeps the API, the storefront and the browser journeys out of each other', async () => {
    const cases = [
      ['apps/api/src/boundary-fixture.ts', '@comptoir/web/lib/env'],
      ['apps/api/src/boundary-fixture.ts', '@comptoir/e2e/support/servers'],
      ['apps/web/lib/boundary-fixture.ts', '@comptoir/api/app'],
      ['apps/web/lib/boundary-fixture.ts', '@comptoir/e2e/support/servers'],
      ['e2e/boundary-fixture.ts', '@comptoir/api/app'],
    ] as const;
    for (const [file, source] of cases) {
      const findings = await lint(file, `import '${source}';\n`);
      expect(errorsOf(findings, 'no-restricted-imports'), `${file} → ${source}`).toHaveLength(1);
    }
  });

  it('refuses a relative path into another workspace', async () => {
    // apps/api/src/app.ts exists: the path resolves, and the rule sees it leaves apps/web.
    const findings = await lint(
      'apps/web/lib/boundary-fixture.ts',
      "import { buildApp } from '../../api/src/app';\nexport const used = buildApp;\n",
    );
    const errors = errorsOf(findings, 'import/no-relative-packages');
    expect(errors).toHaveLength(1);
    expect(errors[0]?.message).toContain('@comptoir/api');
  });

  it('refuses imports that reach past a package.json `exports`', async () => {
    for (const source of [
      '@comptoir/contract/src/user',
      '@comptoir/domain',
      '@comptoir/domain/x',
    ]) {
      const findings = await lint('apps/api/src/boundary-fixture.ts', `import '${source}';\n`);
      const errors = errorsOf(findings, 'no-restricted-imports');
      expect(errors, source).toHaveLength(1);
      expect(errors[0]?.message).toContain('package.json `exports`');
    }
  });
});

describe('the API’s module faces and layers (decision 0088)', () => {
  it('lets a module use another only through its index.ts', async () => {
    const refused = await lint(
      'apps/api/src/modules/discount/face-fixture.ts',
      "import { clientAddressKey } from '../cart/cart-steps';\nexport const used = clientAddressKey;\n",
    );
    const errors = errorsOf(refused, 'import/no-restricted-paths');
    expect(errors).toHaveLength(1);
    expect(errors[0]?.message).toContain('through its face only');

    const allowed = await lint(
      'apps/api/src/modules/discount/face-fixture.ts',
      "import { clientAddressKey } from '../cart';\nexport const used = clientAddressKey;\n",
    );
    expect(errorsOf(allowed, 'import/no-restricted-paths')).toEqual([]);
  });

  it('lets a module’s tests import its own files', async () => {
    const findings = await lint(
      'apps/api/src/modules/cart/face-fixture.test.ts',
      "import { clientAddressKey } from './cart-steps';\nexport const used = clientAddressKey;\n",
    );
    expect(errorsOf(findings, 'import/no-restricted-paths')).toEqual([]);
  });

  it('keeps the composition root and the test helpers on the faces', async () => {
    const findings = await lint(
      'apps/api/src/test/face-fixture.ts',
      "import { hashSessionToken } from '../modules/user/session-token';\nexport const used = hashSessionToken;\n",
    );
    expect(errorsOf(findings, 'import/no-restricted-paths')).toHaveLength(1);
  });

  it('refuses any module in plugins/, lib/ and http/, even through its face', async () => {
    for (const folder of ['plugins', 'lib', 'http']) {
      const findings = await lint(
        `apps/api/src/${folder}/layer-fixture.ts`,
        "import { requireAdmin } from '../modules/user';\nexport const used = requireAdmin;\n",
      );
      const errors = errorsOf(findings, 'import/no-restricted-paths');
      expect(errors, folder).toHaveLength(1);
      expect(errors[0]?.message).toContain('never import a module');
    }
  });
});

describe('declared dependencies', () => {
  it('refuses a package the workspace does not declare', async () => {
    // zod is installed (packages/contract declares it), but packages/domain does not.
    const findings = await lint(
      'packages/domain/src/dependency-fixture.ts',
      "import { z } from 'zod';\nexport const schema = z.string();\n",
    );
    const errors = errorsOf(findings, 'import/no-extraneous-dependencies');
    expect(errors).toHaveLength(1);
    expect(errors[0]?.message).toContain("'zod' should be listed in the project's dependencies");
  });
});

describe('React and Next rules on the storefront', () => {
  it('reports a hook called conditionally as an error', async () => {
    const findings = await lint(
      'apps/web/modules/hooks-fixture.tsx',
      [
        "import { useState } from 'react';",
        'export function Counter({ shown }: { shown: boolean }) {',
        '  if (!shown) return null;',
        '  const [count] = useState(0);',
        '  return <p>{count}</p>;',
        '}',
        '',
      ].join('\n'),
    );
    expect(errorsOf(findings, 'react-hooks/rules-of-hooks')).toHaveLength(1);
  });

  it('reports a missing effect dependency as an error, not a warning', async () => {
    const findings = await lint(
      'apps/web/modules/hooks-fixture.tsx',
      [
        "import { useEffect } from 'react';",
        'export function Title({ title }: { title: string }) {',
        '  useEffect(() => {',
        '    document.title = title;',
        '  }, []);',
        '  return null;',
        '}',
        '',
      ].join('\n'),
    );
    expect(errorsOf(findings, 'react-hooks/exhaustive-deps')).toHaveLength(1);
  });

  it('applies Next’s Core Web Vitals rules to the storefront', async () => {
    const syncScript = 'export const Page = () => <script src="https://example.com/a.js" />;\n';
    const web = await lint('apps/web/modules/next-fixture.tsx', syncScript);
    expect(errorsOf(web, '@next/next/no-sync-scripts')).toHaveLength(1);
  });
});
