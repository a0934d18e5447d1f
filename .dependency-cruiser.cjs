/* global module */
/**
 * What `npm run lint` checks of Patchbay's imports (dependency-cruiser; ESLint's import rules
 * skip type-only imports, which still tie modules together): no cycles in the product's code
 * (the extension, its components, the relay), and imports that point only down: logic (`src/`)
 * never reaches up into the panel (`components/`, `entrypoints/`), and a concept's components
 * never into an entrypoint, and the trust policy (`src/policy/`) into none of the places that
 * use it; the relay's rooms (relay/src/<room>/) import only below them, and the extension takes
 * only the relay's wire words (docs/architecture.md says where code goes).
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
    {
      name: 'extension-imports-only-relay-wire',
      comment:
        "The extension may share the relay protocol's words (relay/src/wire/) and nothing else of the relay: the rest is Node code.",
      severity: 'error',
      from: { path: '^(src|components|entrypoints)/' },
      to: { path: '^relay/', pathNot: '^relay/src/wire/' },
    },
    {
      name: 'relay-wire-stands-alone',
      comment:
        "relay/src/wire/ holds the relay protocol's words: it imports nothing (no Node module, no other part of the relay).",
      severity: 'error',
      from: { path: '^relay/src/wire/' },
      to: { pathNot: '^relay/src/wire/' },
    },
    {
      name: 'relay-foundations-stand-alone',
      comment:
        'Tokens and limits (access/), logs and metrics (monitoring/) serve every part of the relay and import none of them.',
      severity: 'error',
      from: { path: '^relay/src/(access|monitoring)/' },
      to: { path: '^relay/src/(browsers|clients|http|options|redis|websocket)/' },
    },
    {
      name: 'relay-sockets-below-http',
      comment:
        "The browsers' and clients' sockets (browsers/, clients/, websocket/) know nothing of HTTP: the front door builds on them.",
      severity: 'error',
      from: { path: '^relay/src/(browsers|clients|websocket)/' },
      to: { path: '^relay/src/http/' },
    },
    {
      name: 'relay-front-door-sees-only-the-seam',
      comment:
        'relay/src/http/ reaches sessions held by other instances only through http/session-sharing.ts, which redis/ implements and server.ts wires in.',
      severity: 'error',
      from: { path: '^relay/src/http/' },
      to: { path: '^relay/src/redis/' },
    },
    {
      name: 'relay-entry-points-on-top',
      comment:
        'relay/src/cli.ts (the command) starts server.ts (startRelay), which wires the rooms together: no room imports either.',
      severity: 'error',
      from: { path: '^relay/src/', pathNot: '^relay/src/cli\\.ts$' },
      to: { path: '^relay/src/(server|cli)\\.ts$' },
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
