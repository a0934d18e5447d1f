/* global module */
/**
 * What `npm run lint` checks of Patchbay's imports (dependency-cruiser; ESLint's import rules
 * skip type-only imports, which still tie modules together): no cycles in the product's code
 * (the extension, its components, the relay).
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
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|\\.output|\\.wxt|test-output)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] },
  },
};
