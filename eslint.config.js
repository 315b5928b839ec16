// One flat config: typescript-eslint (type-aware where it catches real bugs), React hooks,
// TanStack Query, and the walls of the client (import-x): a feature imports another only through
// its index.ts; src/lib, src/ui and src/contract never import src/features or src/app; production
// code never imports a testing/ folder; no import cycles. Formatting belongs to Prettier.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import pluginQuery from '@tanstack/eslint-plugin-query';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import lingui from 'eslint-plugin-lingui';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** Feature F may import another feature only through its index.ts (tests: its testing/ too). */
function featureZones({ tests }) {
  return features.map((feature) => ({
    target: `./src/features/${feature}`,
    from: './src/features',
    except: [
      `./${feature}`,
      ...features
        .filter((other) => other !== feature)
        .flatMap((other) => [`./${other}/index.ts`, ...(tests ? [`./${other}/testing`] : [])]),
    ],
    message: 'Import another feature only through its index.ts.',
  }));
}

const layerZone = {
  target: ['./src/lib', './src/ui', './src/contract'],
  from: ['./src/features', './src/app', './src/routes'],
  message: 'lib, ui and contract sit below the features and the app: they never import them.',
};

const TEST_FILES = [
  '**/*.test.ts',
  '**/*.test.tsx',
  'src/test-setup.ts',
  'src/testing/**',
  'src/**/testing/**',
];

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'server/dist/**',
      'coverage/**',
      'public/**',
      'src/routeTree.gen.ts',
      'node_modules/**',
      '.tmp/**',
      'data/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.browser, ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'warn',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, '@tanstack/query': pluginQuery },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      ...pluginQuery.configs.recommended.rules,
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'sw/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...featureZones({ tests: false }),
            layerZone,
            {
              target: './src/features',
              from: './src/app',
              message: 'The app composes the features, not the other way round.',
            },
            {
              target: ['./src', './sw'],
              from: ['./src/testing', ...features.map((feature) => `./src/features/${feature}/testing`)],
              message: 'Test doubles stay out of the production build: only tests import testing/.',
            },
          ],
        },
      ],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // Every user-visible string goes through the id-keyed catalogs (t('CARS.TITLE')): Lingui's
    // rule flags the rest in the components. Ignored: ids, single lowercase tokens (classes, keys, routes), symbols,
    // markup and DOM attributes, and calls whose strings never reach the screen.
    // Components: where text reaches the screen (errors thrown by .ts modules are for developers).
    files: ['src/**/*.tsx'],
    ignores: TEST_FILES,
    plugins: { lingui },
    rules: {
      'lingui/no-unlocalized-strings': [
        'error',
        {
          ignore: ['^(?![A-Z])\\S+$', '^[A-Z0-9_.:-]+$', '^[^a-zA-Z]*$'],
          ignoreNames: [
            { regex: { pattern: '^[A-Z0-9_]+$' } },
            {
              regex: {
                pattern:
                  '^(className|type|role|id|name|href|to|src|rel|as|method|autoComplete|inputMode|accept|variant|size|tone|key|data-.*|aria-(hidden|live|haspopup|controls|current|expanded|modal|describedby|labelledby)|viewBox|d|fill|stroke.*|width|height|points|transform|lang|dir|enterKeyHint|target|loading|decoding|htmlFor|pattern|mode|kind|status)$',
              },
            },
          ],
          ignoreFunctions: [
            't',
            'console.*',
            'Error',
            'useFollowedCount',
            'reportUnlessClosed',
            'document.*',
            'localStorage.*',
            'sessionStorage.*',
            'addEventListener',
            'removeEventListener',
            'matchMedia',
            'querySelector',
            'querySelectorAll',
            '*.querySelector',
            '*.querySelectorAll',
          ],
          useTsTypes: true,
        },
      ],
    },
  },
  {
    // The client's tests (the import-x block above covers src and sw only).
    files: TEST_FILES.map((glob) => (glob.startsWith('**/') ? `{src,sw}/${glob}` : glob)),
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: featureZones({ tests: true }) }],
    },
  },
  {
    // The server's layers: routes → services → repositories, and only repositories (and the db/
    // platform) touch Kysely's query builder (docs/ARCHITECTURE.md).
    files: ['server/src/**/*.ts'],
    ignores: ['server/src/**/*-repository.ts', 'server/src/db/**', '**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'CallExpression[callee.property.name=/^(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto)$/]',
          message:
            'Queries live in a repository (a *-repository.ts file): routes and services call its methods.',
        },
      ],
    },
  },
  {
    // The server's HTTP layer sits below the features (docs/ARCHITECTURE.md "The layers"): it
    // imports the platform only (db/, realtime/, platform/, config.ts); a feature that needs the
    // edge to know something hands it over at build time (app.ts), never the other way round.
    files: ['server/src/http/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
      'import-x/extensions': ['.ts', '.js', '.mjs'],
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './server/tsconfig.json' })],
    },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './server/src/http',
              from: './server/src',
              except: ['./http', './db', './realtime', './platform', './config.ts'],
              message:
                'server/src/http imports no feature: the feature hands the HTTP layer what it needs (app.ts).',
            },
          ],
        },
      ],
    },
  },
  {
    // Migrations and test doubles handle untyped rows on purpose.
    files: [
      'server/src/db/migrations/**',
      'server/src/db/migrator.ts',
      '**/*.test.ts',
      '**/*.test.tsx',
      'tests/**',
    ],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['**/*.{js,mjs}'],
    languageOptions: { globals: { ...globals.node } },
  },
);
