import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import nextCoreWebVitals from 'eslint-config-next/core-web-vitals';

/**
 * One lint configuration for the whole monorepo: typescript-eslint everywhere, Next's rules
 * (React, hooks, accessibility, Core Web Vitals) on the storefront, and the import boundaries
 * between workspaces (docs/decisions/0022-import-boundaries-in-lint.md).
 * `scripts/lint-rules.test.ts` lints violating snippets with this file, so a boundary that stops
 * being enforced fails the tests.
 */

const WEB_FILES = ['apps/web/**/*.{js,mjs,cjs,ts,tsx}'];

// eslint-config-next declares its plugins (react, react-hooks, import, jsx-a11y, @next/next) in its
// first block. The import plugin serves the boundaries of every workspace, so those plugin objects
// are registered once for all files; the rules stay on the storefront only.
const nextBase = nextCoreWebVitals.find((block) => block.name === 'next');
if (!nextBase) throw new Error('eslint-config-next/core-web-vitals changed shape: no "next" block');
const importResolvers = nextBase.settings['import/resolver'];

/** The storefront's Next blocks, limited to apps/web, keeping the TypeScript parser everywhere. */
const nextForWeb = nextCoreWebVitals
  // The global ignores block (`.next/**`…) is covered by the ignores below.
  .filter((block) => block.rules || block.plugins)
  .map(({ languageOptions, ...block }) => {
    // Next swaps in its Babel parser; typescript-eslint's parser (set for all files above) stays.
    const { parser: _parser, parserOptions: _parserOptions, ...kept } = languageOptions ?? {};
    return { ...block, files: WEB_FILES, languageOptions: kept };
  });

/** Every hooks rule is an error, not a warning: a broken hook is a bug a visitor meets. */
const hooksAsErrors = Object.fromEntries(
  Object.keys(nextBase.rules)
    .filter((rule) => rule.startsWith('react-hooks/'))
    .map((rule) => [rule, 'error']),
);

/** The entry points our packages publish in their package.json `exports`, e.g. `@comptoir/domain/slug`. */
function entryPoints(workspace) {
  const manifest = JSON.parse(
    readFileSync(new URL(`./${workspace}/package.json`, import.meta.url)),
  );
  return Object.keys(manifest.exports ?? {}).map((key) => `${manifest.name}${key.slice(1)}`);
}
const PUBLISHED = [...entryPoints('packages/domain'), ...entryPoints('packages/contract')];
const escapeRegex = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * An import of one of our packages that is not one of its published entry points (a deep import
 * such as `@comptoir/contract/src/user`, or a bare `@comptoir/domain`, which exports no ".").
 */
const deepImport = {
  regex: `^(?!(?:${PUBLISHED.map(escapeRegex).join('|')})$)@comptoir/(?:domain|contract)(?:/|$)`,
  message: 'Import a package only through an entry point its package.json `exports` lists.',
};

/**
 * `no-restricted-imports` for one workspace: which of our packages it may import; every other
 * `@comptoir/*` is refused. Relative paths into another workspace are refused by
 * import/no-relative-packages below, so a boundary cannot be crossed with `../../`.
 */
function boundary(files, allowed, who, { paths = [], ignores } = {}) {
  const others = allowed.length > 0 ? `(?!(?:${allowed.join('|')})(?:/|$))` : '';
  return {
    files,
    ...(ignores ? { ignores } : {}),
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths,
          patterns: [
            {
              regex: `^@comptoir/${others}`,
              message:
                allowed.length > 0
                  ? `${who} may import only ${allowed.map((name) => `@comptoir/${name}`).join(' and ')} of our packages.`
                  : `${who} imports none of our packages: it is the base the others stand on.`,
            },
            deepImport,
          ],
        },
      ],
    },
  };
}

/**
 * The API's module faces and layers (docs/decisions/0088-composition-root-and-module-faces.md):
 * a module (`apps/api/src/modules/<feature>/`) uses another only through its face, the other's
 * `index.ts`; app.ts, compose.ts, the test helpers and the seed do the same; plugins/, lib/ and
 * http/ never import a module (what they need is handed to them by compose.ts). Tests of a
 * module may import its own files.
 */
const ROOT = fileURLToPath(new URL('.', import.meta.url));
const API_MODULES = 'apps/api/src/modules';
const MODULE_FACES = `${ROOT}${API_MODULES}/*/index.ts`;
const FACE_MESSAGE =
  "Use another module through its face only: import from '../<module>' (its index.ts), decision 0088.";
/**
 * Until the order-steps branch lands, these two keep their imports of other modules' files
 * (their internals are being split into steps there; changing their imports here would make the
 * two branches conflict).
 */
const moduleFaceZones = readdirSync(new URL(`./${API_MODULES}/`, import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map(({ name }) => ({
    target: `${API_MODULES}/${name}/**/*`,
    from: `${API_MODULES}/**/*`,
    except: [MODULE_FACES, `${ROOT}${API_MODULES}/${name}/**/*`],
    message: FACE_MESSAGE,
  }));
const apiLayers = {
  files: ['apps/api/src/**/*.ts'],
  plugins: { import: nextBase.plugins.import },
  rules: {
    'import/no-restricted-paths': [
      'error',
      {
        basePath: ROOT,
        zones: [
          ...moduleFaceZones,
          {
            // The composition root, the test helpers, the seed, and the tests of the lower layers.
            target: [
              'apps/api/src/*.ts',
              'apps/api/src/test/**/*',
              'apps/api/src/db/**/*',
              'apps/api/src/{plugins,lib,http}/**/*.test.ts',
            ],
            from: `${API_MODULES}/**/*`,
            except: [MODULE_FACES],
            message: FACE_MESSAGE,
          },
          {
            target: ['apps/api/src/{plugins,lib,http}/**/!(*.test).ts'],
            from: API_MODULES,
            message:
              'plugins/, lib/ and http/ never import a module: move the piece down, or have compose.ts hand it over (decision 0088).',
          },
        ],
      },
    ],
  },
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/.next/**',
      '**/.next-*/**',
      // The embedded database and uploads (DATA_DIR), not apps/web/lib/data.
      'data/**',
      'bench/bare-next/captured/**',
      'bench/bare-next/public/**',
      'apps/api/drizzle/**',
      '**/next-env.d.ts',
      '**/test-results/**',
      '**/playwright-report/**',
      'apps/web/public/vendor/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-empty-object-type': 'off',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },

  // Storefront: Next's core-web-vitals configuration, hooks rules as errors.
  ...nextForWeb,
  {
    files: WEB_FILES,
    settings: { next: { rootDir: 'apps/web/' } },
    rules: hooksAsErrors,
  },

  // Import boundaries and declared dependencies, in every workspace.
  {
    plugins: { import: nextBase.plugins.import },
    settings: {
      'import/resolver': importResolvers,
      'import/parsers': nextBase.settings['import/parsers'],
    },
    rules: {
      // `../../packages/domain/src/x` from another workspace: only `@comptoir/domain/x` is allowed.
      'import/no-relative-packages': 'error',
      // Every package a file imports is declared in its nearest package.json.
      'import/no-extraneous-dependencies': 'error',
      'no-restricted-imports': ['error', { patterns: [deepImport] }],
    },
  },
  boundary(['packages/domain/**'], [], 'packages/domain'),
  boundary(['packages/contract/**'], ['domain'], 'packages/contract'),
  boundary(['apps/api/**'], ['domain', 'contract'], 'apps/api'),
  boundary(['apps/web/**'], ['domain', 'contract'], 'apps/web', {
    paths: [
      {
        name: 'next/link',
        message:
          'Use IntentLink from apps/web/ui/intent-link: next/link prefetches every link on screen, code included (decision 0030).',
      },
    ],
    ignores: ['apps/web/ui/intent-link.tsx'],
  }),
  boundary(['apps/web/ui/intent-link.tsx'], ['domain', 'contract'], 'apps/web'),
  boundary(['e2e/**'], ['domain', 'contract'], 'e2e'),
  apiLayers,
  // The bench drives its reference app (bench/bare-next, built with the root's Next and React)
  // and shares the captured page's type with it.
  { files: ['bench/*.ts', 'bench/growth/*.ts'], rules: { 'import/no-relative-packages': 'off' } },
);
