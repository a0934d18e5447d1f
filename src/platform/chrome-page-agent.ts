/**
 * The page agent (entrypoints/browser-agent.ts) in a tab's top frame, with chrome.scripting:
 * injected on first use, asked to run one command at a time, in the document a call was pinned
 * to when one is given.
 */
import { browser } from 'wxt/browser';
import { DocumentGoneError } from '../browser-tools/browser-control';
import {
  BROWSER_AGENT_GLOBAL,
  BROWSER_AGENT_VERSION,
  type BrowserAgentCommand,
  type BrowserAgentResponse,
} from '../browser-tools/page-agent/commands';
import { PatchbayError } from '../errors/patchbay-error';

/** The agent's script, as WXT builds the unlisted script. */
const AGENT_FILE = '/browser-agent.js';

/**
 * Runs in the page's isolated world: must not close over anything (it is serialized). An agent
 * of another version (left in an open tab by an older build) counts as missing, so the current
 * one is injected and replaces it (page-agent/install.ts): an old agent answers in an old shape.
 */
function runAgent(command: unknown, globalName: string, version: number): unknown {
  const agent = (globalThis as Record<string, unknown>)[globalName] as
    { version?: unknown; run(command: unknown): Promise<unknown> } | undefined;
  if (agent?.version !== version)
    return { ok: false, code: 'agent-missing', message: 'The page agent is not here.' };
  return agent.run(command);
}

/** Where a script runs: the tab's top frame, or only the pinned document of it. */
const targetOf = (tabId: number, documentId?: string) =>
  documentId === undefined ? { tabId } : { tabId, documentIds: [documentId] };

/**
 * Chrome refuses a script for a document id the tab no longer has ("No document with id …"):
 * that refusal, told apart from others.
 */
async function inDocument<T>(documentId: string | undefined, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (documentId !== undefined && /document/i.test(String((error as Error)?.message ?? error)))
      throw new DocumentGoneError(String((error as Error)?.message ?? error));
    throw error;
  }
}

/** Asks the agent, if the document has one, to run the command. */
async function execute(
  tabId: number,
  command: BrowserAgentCommand,
  documentId?: string,
): Promise<unknown> {
  const [frame] = await inDocument(documentId, () =>
    browser.scripting.executeScript({
      target: targetOf(tabId, documentId),
      func: runAgent,
      args: [command, BROWSER_AGENT_GLOBAL, BROWSER_AGENT_VERSION],
    }),
  );
  return frame?.result;
}

/**
 * The id of the document the tab's top frame shows now; undefined where scripts may not run.
 */
export async function documentOf(tabId: number): Promise<string | undefined> {
  try {
    const [frame] = await browser.scripting.executeScript({ target: { tabId }, func: () => 0 });
    return frame?.documentId;
  } catch {
    return undefined; // a page scripts may not run in
  }
}

/**
 * Runs one command of the page agent in the tab's top frame (injecting it when missing or of
 * another version), in the document `documentId` only when given.
 */
export async function runInPage<C extends BrowserAgentCommand>(
  tabId: number,
  command: C,
  documentId?: string,
): Promise<BrowserAgentResponse<C['type']>> {
  let response = (await execute(tabId, command, documentId)) as
    { ok: boolean; code?: string } | undefined;
  if (!response || (!response.ok && response.code === 'agent-missing')) {
    await inDocument(documentId, () =>
      browser.scripting.executeScript({
        target: targetOf(tabId, documentId),
        files: [AGENT_FILE],
      }),
    );
    response = (await execute(tabId, command, documentId)) as typeof response;
  }
  if (!response) throw new PatchbayError('tool-failed', 'The page did not answer.');
  return response as BrowserAgentResponse<C['type']>;
}
