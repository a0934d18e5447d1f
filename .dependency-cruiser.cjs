/* global module */
/**
 * What `npm run lint` checks of Patchbay's imports (dependency-cruiser; ESLint's import rules
 * skip type-only imports, which still tie modules together): no cycles in the product's code
 * (the extension, its components, the relay), and imports that point only down: logic (`src/`)
 * never reaches up into the panel (`components/`, `entrypoints/`), and a concept's components
 * never into an entrypoint, and the trust policy (`src/policy/`) into none of the places that
 * use it, nor the chat's history above it (what a message carries is below it); the chat's rooms
 * in layers (models, then the model's tools, Patchbay's own tools, the approvals, the turn),
 * sign-in below the MCP sessions, the MCP sessions below the skills, the composer and the
 * Routines tab below the chat; the relay's rooms (relay/src/<room>/) import only below them, and
 * the extension takes only the relay's wire words (docs/architecture.md says where code goes).
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
        "src/policy/ decides what runs unasked for the chat, external clients, apps and routines alike: it may not import any of them (they adapt to it). Patchbay's own tools (skills, the tool search) describe themselves to it (own-tools.ts, which also holds the id of Patchbay's own tools).",
      severity: 'error',
      from: { path: '^src/policy/' },
      to: {
        path: '^(src/(chat-turn|chat-approval|model-tools|skills|tool-search|browser-access|apps|routines)|components|entrypoints)/',
      },
    },
    {
      name: 'policy-below-chat-history',
      comment:
        "src/policy/ reads what a chat's messages carry (src/chat-message/), never the history (src/chat/), which builds on the MCP sessions that build on the policy.",
      severity: 'error',
      from: { path: '^src/policy/' },
      to: { path: '^src/chat/' },
    },
    {
      name: 'chat-message-stands-low',
      comment:
        "src/chat-message/ (what a message carries: where its words came from, an answer's metadata, resources in it) is read by the policy, the turn, the history and the panel: it takes only the contract's shapes (src/messaging/) and the composer's attachments.",
      severity: 'error',
      from: { path: '^src/chat-message/' },
      to: {
        path: '^(src|components|entrypoints)/',
        pathNot: '^src/(chat-message|messaging|composer)/',
      },
    },
    {
      name: 'models-below-the-chat',
      comment:
        "src/models/ (the providers, their settings and models) knows nothing of a chat turn: the chat's tools, approvals, skills and tool search build on it.",
      severity: 'error',
      from: { path: '^src/models/' },
      to: { path: '^src/(chat-turn|chat-approval|model-tools|skills|tool-search|asks)/' },
    },
    {
      name: 'model-tools-below-own-tools',
      comment:
        "src/model-tools/ (MCP tools as the model's tools: names, schemas, results, budget) is what Patchbay's own tools (skills, tool search), the approvals and the transport build on.",
      severity: 'error',
      from: { path: '^src/model-tools/' },
      to: { path: '^src/(chat-turn|chat-approval|skills|tool-search)/' },
    },
    {
      name: 'own-tools-below-approval',
      comment:
        "Patchbay's own tools (src/skills/, src/tool-search/) describe themselves to the approvals (src/chat-approval/), which the transport (src/chat-turn/) runs: neither reaches up.",
      severity: 'error',
      from: { path: '^src/(skills|tool-search)/' },
      to: { path: '^src/(chat-turn|chat-approval)/' },
    },
    {
      name: 'approval-below-transport',
      comment:
        "The chat's approvals (src/chat-approval/) are the transport's input: they do not import it.",
      severity: 'error',
      from: { path: '^src/chat-approval/' },
      to: { path: '^src/chat-turn/' },
    },
    {
      name: 'oauth-below-mcp',
      comment:
        'Sign-in (src/oauth/) stands below the MCP sessions that use it (src/mcp/session/auth-flow.ts): it takes fetch, storage keys and errors from below, never from src/mcp/.',
      severity: 'error',
      from: { path: '^src/oauth/' },
      to: { path: '^src/mcp/' },
    },
    {
      name: 'mcp-below-skills',
      comment:
        "Skills are built on the MCP sessions (src/skills/ lists, reads and decides over them): src/mcp/ imports nothing of src/skills/. The worker's wiring (entrypoints/background.ts) makes the skills beside the manager, over its sessionAccess; a session's feature listeners tell the skills' kept list of changes.",
      severity: 'error',
      from: { path: '^src/mcp/' },
      to: { path: '^src/skills/' },
    },
    {
      name: 'panel-routines-below-chat',
      comment:
        "The chat shows a routine's paused run and makes a routine of a chat (components/chat/ imports components/routines/); the Routines tab never imports the chat.",
      severity: 'error',
      from: { path: '^components/routines/' },
      to: { path: '^components/chat/' },
    },
    {
      name: 'panel-composer-below-chat',
      comment:
        'The composer (components/composer/) is a part the chat places: it imports nothing of the chat.',
      severity: 'error',
      from: { path: '^components/composer/' },
      to: { path: '^components/chat/' },
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
