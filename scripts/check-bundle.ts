/**
 * Bundle budgets, checked on every CI run after the production build (deterministic, unlike
 * timings): what the side panel loads and the worker's script, gzipped, against fixed limits;
 * and nothing in the build that should not ship (source maps, test code).
 *
 *   npm run budget        (after `npm run build`)
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

const OUTPUT = resolve('.output/chrome-mv3');
const KB = 1024;
/**
 * Budgets only go down: a feature that needs room makes room. The worker's budget had grown
 * from 150 KB to 200 KB (browser access's MCP server, skills, routines' bookkeeping, the
 * connection doctor); it came down to 163 KB when browser access's relay link and the SDK's
 * server package (with its own copy of the protocol core, 143 KB minified) moved into the
 * offscreen host, which runs them in a worker only while the link is wanted
 * (src/platform/chrome-offscreen-host.ts): 198.5 -> 162.1 KB gzip. Then to 147 KB when the
 * connection doctor, skills and routines' bookkeeping became the worker's lazy parts
 * (scripts/worker-chunks.ts: chunks under worker/, which the worker imports the first time it
 * needs them): 162.4 -> 146.3 KB gzip. Then to 146 KB when validating an added or edited server
 * became one too, making room for the rule for servers that refuse Patchbay's Origin (also
 * lazy): 147.3 -> 145.9 KB gzip. What only some people use belongs in a lazy part, the
 * offscreen host, or the panel.
 * Where the bytes go: docs/performance.md ("Where the bytes go"), measured with
 * PATCHBAY_SOURCEMAP=1 npx wxt build.
 */
/**
 * sidePanel: 350 KB until every model provider became a lazy chunk (src/models/providers/):
 * `@ai-sdk/openai` alone was 47.8 KB gzipped of the first load's 349.7 KB. Then 291 KB when
 * what a first screen does not show became lazy too (Settings and the model form, a server
 * card's Details, the chat list, the empty chat, a server's problem notice): 298.7 -> 290.4 KB.
 * Then 284 KB when servers' questions (forms, links, sampling) loaded with the first one:
 * 291.2 -> 283.5 KB. Then 283 KB when every component's function came under 80 lines: the
 * splits cost about 2 KB, paid for by the server form, a chosen prompt's form, the resource
 * dialog and a desktop client's approval card loading with their first use: 283.5 -> 282.7 KB.
 *
 * everyPage: what the manifest puts into every web page: nothing (issue 32: no page tax on
 * sites nobody allowed). lookedAtPage: the detector, injected only into the tab the person is on
 * while the panel is open, on a site not allowed. allowedSitePage: what a page of an allowed
 * site gets, the proxy and the WebMCP bridge registered at run time; they speak MCP-B's channel
 * by hand (src/page-tools/mcp-b-channel.ts) because the SDK client was 75 KB gzipped.
 */
const BUDGETS = {
  sidePanel: 283 * KB,
  worker: 146 * KB,
  everyPage: 5 * KB,
  lookedAtPage: 5 * KB,
  allowedSitePage: 10 * KB,
};
/** Injected into the tab the panel looks at (src/platform/chrome-page-injection.ts). */
const DETECTOR_SCRIPT = 'content-scripts/page-detector.js';
/** The scripts registered for allowed sites (src/platform/chrome-page-injection.ts). */
const ALLOWED_SITE_SCRIPTS = ['content-scripts/page-tools.js', 'content-scripts/webmcp-bridge.js'];
/** Strings only test code contains (fixtures, the scripted model, test runners). */
const TEST_MARKERS = [
  'patchbay-modern-fixture',
  'patchbay-fixture',
  '(no scripted turn left)',
  'vitest',
  '@testing-library',
];

function files(directory: string): string[] {
  return readdirSync(directory).flatMap((name) => {
    const path = join(directory, name);
    return statSync(path).isDirectory() ? files(path) : [path];
  });
}

const gzipped = (path: string) => gzipSync(readFileSync(path), { level: 9 }).length;
const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;

/** Scripts and styles an HTML page loads, following static imports between chunks. */
function pageAssets(htmlPath: string): string[] {
  const html = readFileSync(htmlPath, 'utf8');
  const found = new Set<string>();
  const queue = [...html.matchAll(/(?:src|href)="(\/[^"]+\.(?:js|css))"/g)].map((match) =>
    join(OUTPUT, match[1]!),
  );
  while (queue.length) {
    const path = queue.shift()!;
    if (found.has(path)) continue;
    found.add(path);
    if (!path.endsWith('.js')) continue;
    // Static imports only: chunks loaded with import() are lazy and not part of the first load.
    const source = readFileSync(path, 'utf8');
    for (const match of source.matchAll(
      /(?:^|[;}])\s*import\s*(?:[^'"`()]*?from\s*)?["'](\.{1,2}\/[^"']+)["']/g,
    )) {
      queue.push(resolve(join(path, '..'), match[1]!));
    }
  }
  return [...found];
}

const problems: string[] = [];
const all = files(OUTPUT);

const panelAssets = pageAssets(join(OUTPUT, 'sidepanel.html'));
const panelSize = panelAssets.reduce((sum, path) => sum + gzipped(path), 0);
const workerSize = gzipped(join(OUTPUT, 'background.js'));
const manifest = JSON.parse(readFileSync(join(OUTPUT, 'manifest.json'), 'utf8')) as {
  content_scripts?: { js?: string[] }[];
};
const everyPageScripts = (manifest.content_scripts ?? []).flatMap((script) =>
  (script.js ?? []).map((file) => join(OUTPUT, file)),
);
const everyPageSize = everyPageScripts.reduce((sum, path) => sum + gzipped(path), 0);
const lookedAtSize = everyPageSize + gzipped(join(OUTPUT, DETECTOR_SCRIPT));
const allowedSiteScripts = [
  ...everyPageScripts,
  ...ALLOWED_SITE_SCRIPTS.map((file) => join(OUTPUT, file)),
];
const allowedSiteSize = allowedSiteScripts.reduce((sum, path) => sum + gzipped(path), 0);
/** The worker's lazy parts (scripts/worker-chunks.ts), not parsed at its start. */
const workerParts = all.filter((path) => /^worker\/[^/]+\.js$/.test(relative(OUTPUT, path)));
const lazy = all.filter(
  (path) =>
    path.endsWith('.js') &&
    !panelAssets.includes(path) &&
    !workerParts.includes(path) &&
    !path.endsWith('background.js'),
);

console.log(`side panel, first load: ${kb(panelSize)} gzip (budget ${kb(BUDGETS.sidePanel)})`);
for (const path of panelAssets) console.log(`  ${relative(OUTPUT, path)}  ${kb(gzipped(path))}`);
for (const path of lazy) console.log(`  lazy: ${relative(OUTPUT, path)}  ${kb(gzipped(path))}`);
console.log(`worker: ${kb(workerSize)} gzip (budget ${kb(BUDGETS.worker)})`);
for (const path of workerParts)
  console.log(`  lazy part: ${relative(OUTPUT, path)}  ${kb(gzipped(path))}`);
console.log(`every web page: ${kb(everyPageSize)} gzip (budget ${kb(BUDGETS.everyPage)})`);
for (const path of everyPageScripts)
  console.log(`  ${relative(OUTPUT, path)}  ${kb(gzipped(path))}`);
console.log(
  `the tab the panel looks at (the detector): ${kb(lookedAtSize)} gzip (budget ${kb(BUDGETS.lookedAtPage)})`,
);
console.log(
  `every page of an allowed site: ${kb(allowedSiteSize)} gzip (budget ${kb(BUDGETS.allowedSitePage)})`,
);

if (panelSize > BUDGETS.sidePanel) {
  problems.push(
    `The side panel loads ${kb(panelSize)} gzipped, over its ${kb(BUDGETS.sidePanel)} budget. Load heavy features lazily (import()) or drop a dependency.`,
  );
}
if (workerSize > BUDGETS.worker) {
  problems.push(
    `The worker's script is ${kb(workerSize)} gzipped, over its ${kb(BUDGETS.worker)} budget: every cold start parses it.`,
  );
}
// A part the worker's install does not import cannot be imported later: Chrome refuses it.
const workerScript = readFileSync(join(OUTPUT, 'background.js'), 'utf8');
for (const path of workerParts) {
  const name = relative(OUTPUT, path);
  if (!workerScript.includes(`"/${name}"`))
    problems.push(
      `The worker's install does not import ${name}, so the worker could never load it (scripts/worker-chunks.ts).`,
    );
}
if (everyPageSize > BUDGETS.everyPage) {
  problems.push(
    `The manifest puts ${kb(everyPageSize)} gzipped into every web page, over its ${kb(BUDGETS.everyPage)} budget: register heavy scripts at run time for the sites that need them.`,
  );
}
if (lookedAtSize > BUDGETS.lookedAtPage) {
  problems.push(
    `The detector injected into the tab the panel looks at is ${kb(lookedAtSize)} gzipped, over its ${kb(BUDGETS.lookedAtPage)} budget: it must stay free of libraries.`,
  );
}
if (allowedSiteSize > BUDGETS.allowedSitePage) {
  problems.push(
    `Pages of allowed sites get ${kb(allowedSiteSize)} gzipped, over their ${kb(BUDGETS.allowedSitePage)} budget: keep libraries out of the page-tools proxy (src/page-tools/mcp-b-channel.ts).`,
  );
}
for (const path of all) {
  const name = relative(OUTPUT, path);
  if (name.endsWith('.map')) problems.push(`A source map ships in the build: ${name}.`);
  if (!/\.(js|css|html)$/.test(name)) continue;
  const text = readFileSync(path, 'utf8');
  if (/sourceMappingURL=/.test(text)) problems.push(`${name} points at a source map.`);
  for (const marker of TEST_MARKERS) {
    if (text.includes(marker)) problems.push(`${name} contains test code ("${marker}").`);
  }
}

if (problems.length) {
  console.error(
    `\nBundle budget check failed:\n${problems.map((problem) => `- ${problem}`).join('\n')}`,
  );
  process.exit(1);
}
console.log('Bundle budgets met; no source maps or test code in the build.');
