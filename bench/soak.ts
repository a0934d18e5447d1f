/**
 * `npm run soak -- --minutes N`: Patchbay over time. For N minutes it keeps 20 servers on (both
 * eras, one signed in with 10-second tokens), runs chat turns with tool calls through the panel,
 * has a desktop app call the browser's and the servers' tools through the relay, calls two
 * sites' own tools, stops the worker every `--stop-every` minutes (5) and closes and reopens the
 * panel every `--reopen-every` (10). It samples both heaps, the panel's listeners, open sockets,
 * alarms and IndexedDB every `--sample-every` seconds (10), and counts every call's outcome.
 * Writes test-output/soak/ (samples as JSON, a summary, a heap chart) and exits 1 when a goal is
 * missed: 0 calls unanswered, 0 lost words, listeners, sockets and alarms flat; heap drift
 * (last fifth within 10% of the first, after warm-up) is judged on runs of 30 minutes or more.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { Page } from 'playwright-core';
import {
  chatTurn,
  counted,
  desktopCalls,
  lostAnswers,
  newTally,
  openSites,
  pageToolCall,
} from './soak/activity';
import { takeSample, type Sample } from './soak/metrics';
import { goalsOf, heapChart, markdown } from './soak/report';
import { startWorld } from './soak/world';

const { values } = parseArgs({
  options: {
    minutes: { type: 'string', default: '3' },
    'stop-every': { type: 'string', default: '5' },
    'reopen-every': { type: 'string', default: '10' },
    'sample-every': { type: 'string', default: '10' },
    pace: { type: 'string', default: '5' },
  },
});
const minutes = Number(values.minutes);
const stopEveryMs = Number(values['stop-every']) * 60_000;
const reopenEveryMs = Number(values['reopen-every']) * 60_000;
const sampleEveryMs = Number(values['sample-every']) * 1000;
/** One round of work (a chat turn, the app's calls, a site's tool) starts every `--pace` s. */
const paceMs = Number(values.pace) * 1000;
if (![minutes, stopEveryMs, reopenEveryMs, sampleEveryMs, paceMs].every((each) => each > 0))
  throw new Error(
    '--minutes, --stop-every, --reopen-every, --sample-every and --pace take positive numbers',
  );
/** Chat turns in one chat before a new one: a chat's transcript grows, the soak's heap need not. */
const TURNS_PER_CHAT = 5;

const world = await startWorld();
const { browser } = world;
const tally = newTally();
const samples: Sample[] = [];
const ports = new Set(world.addresses.map((url) => Number(new URL(url).port)));
const sites = await openSites(world);
const siteTabId = await (async () => {
  const client = await world.desktop();
  const result = (await client.callTool({ name: 'tabs_list', arguments: {} })) as {
    content: { text?: string }[];
  };
  const line = (result.content[0]?.text ?? '').split('\n').find((each) => each.includes('shop'));
  return Number(/Tab (\d+)/.exec(line ?? '')?.[1]);
})();

const openPanel = async () => {
  const panel = await browser.open('sidepanel.html');
  await panel.getByRole('combobox', { name: 'Message' }).waitFor();
  return panel;
};
let panel: Page = await openPanel();
const startedAt = Date.now();
const endAt = startedAt + minutes * 60_000;
let nextStop = startedAt + stopEveryMs;
let nextReopen = startedAt + reopenEveryMs;
let nextSample = startedAt;
let turn = 0;
let stops = 0;
let reopens = 0;

console.log(
  `Soak: ${minutes} min, ${world.serverIds.length} servers, stop every ${stopEveryMs / 60_000} min, reopen every ${reopenEveryMs / 60_000} min`,
);
while (Date.now() < endAt) {
  if (Date.now() >= nextSample) {
    samples.push(await takeSample(browser, panel, ports, startedAt));
    nextSample += sampleEveryMs;
  }
  if (Date.now() >= nextStop) {
    await browser.stopWorker();
    stops += 1;
    nextStop += stopEveryMs;
  }
  if (Date.now() >= nextReopen) {
    const lost = await lostAnswers(panel, tally.answers);
    if (lost.length) tally.errors.push(`before a reopen, storage lacked: ${lost.join(' | ')}`);
    await panel.close();
    panel = await openPanel();
    reopens += 1;
    nextReopen += reopenEveryMs;
  }
  const roundStarted = Date.now();
  turn += 1;
  if (turn % TURNS_PER_CHAT === 0) await panel.getByRole('button', { name: 'New chat' }).click();
  await counted(tally, 'chat turn', async () => {
    tally.answers.push(await chatTurn(world, panel, turn));
  });
  await desktopCalls(world, tally, () => siteTabId);
  await pageToolCall(world, tally);
  const rest = Math.min(roundStarted + paceMs, endAt) - Date.now();
  if (rest > 0) await new Promise((resolve) => setTimeout(resolve, rest));
}
samples.push(await takeSample(browser, panel, ports, startedAt));
const { servers } = await browser.send<{ servers: { id: string; status: { state: string } }[] }>(
  'mcp/servers/get',
);
const ours = servers.filter((server) => world.serverIds.includes(server.id));
const connected = ours.filter((server) => server.status.state === 'connected').length;
const refreshes = world.oauth.tokenRequests.filter(
  (request) => request.grantType === 'refresh_token',
).length;
const lost = await lostAnswers(panel, tally.answers);
await Promise.all(sites.map((tab) => tab.close()));
await world.close();

const goals = goalsOf(samples, tally, lost, minutes);
const summary = [
  markdown(goals, tally, minutes),
  '',
  `${turn} rounds; the worker stopped ${stops} times, the panel reopened ${reopens} times; ${connected} of ${ours.length} servers connected at the end; the signed-in server's 10-second token refreshed ${refreshes} times.`,
].join('\n');
const out = join('test-output', 'soak');
mkdirSync(out, { recursive: true });
writeFileSync(join(out, 'samples.json'), JSON.stringify({ minutes, samples, tally }, null, 2));
writeFileSync(join(out, 'summary.md'), `${summary}\n`);
writeFileSync(join(out, 'heap.svg'), heapChart(samples));
console.log(summary);
if (tally.errors.length) console.log(`\nFirst errors:\n${tally.errors.slice(0, 10).join('\n')}`);
const missed = goals.filter((goal) => goal.gating && !goal.met);
if (missed.length) {
  console.error(`Soak: ${missed.length} goal(s) missed.`);
  process.exit(1);
}
console.log('Soak: every goal met.');
process.exit(0);
