/**
 * What the soak does, over and over, as people and apps would: chat turns with a tool call
 * through the panel, a desktop app's calls through the relay (the browser's tools and a server's
 * through the hub), and websites' own tools. Every call's outcome is counted; a call with no
 * answer within a minute is "unanswered", the soak's worst outcome.
 */
import type { Page } from 'playwright-core';
import { storedMessages } from '../../tests/e2e/chat-storage';
import type { SoakWorld } from './world';
import { PAGE_SITES } from './world';

const UNANSWERED_MS = 60_000;

export type Outcome = 'ok' | 'error' | 'unanswered';

export interface Tally {
  calls: Record<string, Record<Outcome, number>>;
  /** Answers the panel showed, kept to check none is lost from storage. */
  answers: string[];
  /** What went wrong, the first few of each kind. */
  errors: string[];
}

export const newTally = (): Tally => ({ calls: {}, answers: [], errors: [] });

/** Runs `call`, counting its outcome under `kind`. */
export async function counted(tally: Tally, kind: string, call: () => Promise<unknown>) {
  const counts = (tally.calls[kind] ??= { ok: 0, error: 0, unanswered: 0 });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const unanswered = new Promise<'unanswered'>((resolve) => {
    timer = setTimeout(() => resolve('unanswered'), UNANSWERED_MS);
  });
  try {
    const outcome = await Promise.race([call().then(() => 'ok' as const), unanswered]);
    counts[outcome] += 1;
    if (outcome === 'unanswered')
      note(tally, `${kind}: no answer within ${UNANSWERED_MS / 1000} s`);
  } catch (error) {
    counts.error += 1;
    note(tally, `${kind}: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    clearTimeout(timer);
  }
}

function note(tally: Tally, line: string) {
  if (tally.errors.length < 50) tally.errors.push(`${new Date().toISOString()} ${line}`);
}

/** One chat turn: a question, the model calls a server's echo (approved), then answers. */
export async function chatTurn(world: SoakWorld, panel: Page, turn: number): Promise<string> {
  const answer = `Soak answer ${turn}: the heron stood still, then struck.`;
  world.model.script(
    {
      type: 'decide',
      decide: (request) => {
        const echo = request.toolNames.find((name) => name.endsWith('echo'));
        return echo
          ? { type: 'tool-call', toolName: echo, input: { text: `turn ${turn}` } }
          : { type: 'text', text: 'No echo tool was offered.' };
      },
    },
    { type: 'text', text: answer },
  );
  const composer = panel.getByRole('combobox', { name: 'Message' });
  await composer.fill(`Soak question ${turn}: call echo, then answer.`);
  await panel.getByRole('button', { name: 'Send' }).click();
  await panel.getByRole('button', { name: 'Approve', exact: true }).last().click();
  await panel.getByText(answer).waitFor({ timeout: UNANSWERED_MS });
  return answer;
}

/** A desktop app's calls: the browser's tabs, a page's text, and a server's tool via the hub. */
export async function desktopCalls(world: SoakWorld, tally: Tally, siteTabId: () => number) {
  await counted(tally, 'relay: tabs_list', async () =>
    (await world.desktop()).callTool(
      { name: 'tabs_list', arguments: {} },
      { timeout: UNANSWERED_MS },
    ),
  );
  await counted(tally, 'relay: read_page', async () =>
    (await world.desktop()).callTool(
      { name: 'read_page', arguments: { tabId: siteTabId() } },
      { timeout: UNANSWERED_MS },
    ),
  );
  await counted(tally, 'relay: a server’s tool', async () => {
    const client = await world.desktop();
    const { tools } = await client.listTools();
    const echo = tools.find((tool) => tool.name.endsWith('echo') && tool.name !== 'echo');
    if (!echo) throw new Error('the hub listed no server’s echo');
    return client.callTool(
      { name: echo.name, arguments: { text: 'hub' } },
      { timeout: UNANSWERED_MS },
    );
  });
}

/**
 * A website's own tool, from the extension's page (as the chat's proxy tools call them). After
 * a worker stop a site offers its tools again within a few seconds (its proxy connects again):
 * the call waits for that, as a person waits to see them listed, 10 s at most.
 */
export async function pageToolCall(world: SoakWorld, tally: Tally): Promise<void> {
  await counted(tally, 'page tool', async () => {
    let cart: { name: string } | undefined;
    for (const giveUp = Date.now() + 10_000; !cart && Date.now() < giveUp;) {
      const { tools } = await world.browser.send<{ tools: { serverId: string; name: string }[] }>(
        'mcp/tools/list',
      );
      cart = tools.find((tool) => tool.serverId === 'page-tools' && tool.name.includes('get_cart'));
      if (!cart) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    if (!cart) throw new Error('no site offered get_cart for 10 s');
    await world.browser.send('mcp/page-tools/tool/call', { name: cart.name, arguments: {} });
  });
}

/** Opens the two sites with page tools, each in a tab of its own. */
export async function openSites(world: SoakWorld): Promise<Page[]> {
  const tabs: Page[] = [];
  for (const site of PAGE_SITES) {
    const tab = await world.browser.context.newPage();
    await tab.goto(world.sites.url(site));
    tabs.push(tab);
  }
  return tabs;
}

/** Answers the panel showed that storage does not hold, complete. */
export async function lostAnswers(panel: Page, answers: readonly string[]): Promise<string[]> {
  const stored = await storedMessages(panel);
  const kept = new Set(
    stored.filter((message) => message.role === 'assistant').map((message) => message.text),
  );
  return answers.filter((answer) => ![...kept].some((text) => text.includes(answer)));
}
