/* global module */
/**
 * What `npm run lint` checks of Patchbay's imports (dependency-cruiser; ESLint's import rules
 * skip type-only imports, which still tie modules together): no cycles in the product's code
 * (the extension, its components, the relay), and imports that point only down: logic (`src/`)
 * never reaches up into the panel (`components/`, `entrypoints/`), and a concept's components
 * never into an entrypoint, and the trust policy (`src/policy/`) into none of the places that
 * use it (docs/architecture.md says where code goes).
 */
module.exports = {
  forbidden: [
    {
      name: 'no-cycle',
      comment: 'A module may not import, directly or through others, a module that imports it.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'logic-below-panel',
      comment: 'src/ is logic without React: it may not import the panel or an entrypoint.',
      severity: 'error',
      from: { path: '^src/' },
      to: { path: '^(components|entrypoints)/' },
    },
    {
      name: 'policy-stands-alone',
      comment:
        'src/policy/ decides what runs unasked for the chat, external clients, apps and routines alike: it may not import any of them (they adapt to it).',
      severity: 'error',
      from: { path: '^src/policy/' },
      to: { path: '^(src/(ai|browser-access|apps|routines)|components|entrypoints)/' },
    },
    {
      name: 'components-below-entrypoints',
      comment: 'An entrypoint is a thin shell over components/ and src/; nothing imports it.',
      severity: 'error',
      from: { path: '^(components|src|relay)/' },
      to: { path: '^entrypoints/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|\\.output|\\.wxt|test-output)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] },
  },
};
