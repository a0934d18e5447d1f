import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

/** Only src/platform/ and entrypoints/ touch the browser's APIs. */
const BROWSER_APIS_IMPORT = {
  name: 'wxt/browser',
  message: 'Only src/platform/ and entrypoints/ may use the browser APIs.',
};

const PRESENTATIONAL = 'Components are presentational: talk to the worker in a use-*.ts hook.';

export default tseslint.config(
  {
    ignores: [
      '.output/**',
      '.wxt/**',
      'node_modules/**',
      'test-output/**',
      '.stryker-tmp/**',
      'reports/**',
      // The relay's builds: its package's, and the tests' (relay/test/relay-build.ts).
      'relay/dist/**',
      'relay/.test-build-*/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-eval': 'error',
      'no-implied-eval': 'error',
      'no-new-func': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
    },
  },
  {
    files: ['tests/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          // vitest's toMatchObject passes a bare regular expression whatever the string is.
          selector:
            "CallExpression[callee.property.name='toMatchObject'] Property > Literal[regex]",
          message: 'A bare regex in toMatchObject matches anything; use expect.stringMatching(…).',
        },
      ],
    },
  },
  {
    // One concept per file: a product file that grows past 300 lines is split by concept.
    files: [
      'src/**/*.{ts,tsx}',
      'components/**/*.{ts,tsx}',
      'entrypoints/**/*.{ts,tsx}',
      'relay/src/**/*.ts',
    ],
    rules: { 'max-lines': ['error', { max: 300, skipBlankLines: false, skipComments: false }] },
  },
  {
    // A function is one piece of state and what it does with it: one that passes 80 lines
    // (blank lines and comments not counted) holds several, and is split by the state each part
    // owns into named helpers, hooks or small components. 80 is about what reads in one screen,
    // and what every function of Patchbay fits once its long ones were split
    // (docs/architecture.md).
    files: ['relay/src/**/*.ts', 'src/**', 'components/**', 'entrypoints/**'],
    rules: {
      'max-lines-per-function': [
        'error',
        { max: 80, skipBlankLines: true, skipComments: true, IIFEs: true },
      ],
    },
  },
  {
    // Typed errors: what Patchbay throws carries a code the panel and the worker's router can
    // branch on (src/errors/); a bare Error from the worker reaches the panel as "Something went
    // wrong". The in-memory doubles of Chrome throw what Chrome throws.
    files: ['src/**/*.{ts,tsx}', 'components/**/*.{ts,tsx}', 'entrypoints/**/*.{ts,tsx}'],
    ignores: ['src/platform/memory*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "ThrowStatement > NewExpression[callee.name='Error']",
          message:
            'Throw a typed error (PatchbayError or another of src/errors/), not a bare Error.',
        },
      ],
    },
  },
  {
    // chrome.* stays at the edges: src/platform/ and entrypoints/.
    files: ['src/**/*.{ts,tsx}', 'components/**/*.{ts,tsx}'],
    ignores: ['src/platform/**'],
    rules: {
      'no-restricted-globals': [
        'error',
        {
          name: 'chrome',
          message: 'Use a port from src/platform/ports.ts; chrome.* lives in src/platform/.',
        },
        {
          name: 'browser',
          message: 'Use a port from src/platform/ports.ts; browser.* lives in src/platform/.',
        },
      ],
      'no-restricted-imports': ['error', { paths: [BROWSER_APIS_IMPORT] }],
    },
  },
  {
    // Components are presentational: a component (.tsx) renders what a concept's hook
    // (use-*.ts) gives it; only hooks take the panel's client (useClient) and talk to the worker.
    files: ['components/**/*.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: "CallExpression[callee.name='useClient']", message: PRESENTATIONAL },
        {
          selector:
            "MemberExpression[object.name='client'][property.name=/^(request|server|onBroadcast)$/]",
          message: PRESENTATIONAL,
        },
        {
          selector:
            "MemberExpression[object.property.name='client'][property.name=/^(request|server|onBroadcast)$/]",
          message: PRESENTATIONAL,
        },
      ],
      'no-restricted-imports': [
        'error',
        {
          paths: [BROWSER_APIS_IMPORT],
          patterns: [
            { group: ['**/shared/client-context', './client-context'], message: PRESENTATIONAL },
            { group: ['**/src/messaging/client'], message: PRESENTATIONAL },
          ],
        },
      ],
    },
  },
);
