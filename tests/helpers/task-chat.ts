/**
 * What the end-to-end task tests (tests/e2e/tasks.test.ts) do in the panel to start a task: the
 * scripted model set up as the chat's, a server added and switched on, the person's question,
 * the model's call of the server's task tool, and the call approved on its card.
 */
import type { Locator, Page } from 'playwright-core';
import { chatWithServer } from '../e2e/chat-setup';
import type { ExtensionSession } from '../e2e/harness';
import type { ScriptedOpenAI, ScriptedTurn } from '../fixtures/scripted-openai';

export interface TaskCall {
  /** The server, as the person adds it. */
  server: { name: string; url: string };
  /** Its tool the model calls, and with what. */
  tool: string;
  input: Record<string, unknown>;
  /** What the person asks, in a new chat. */
  prompt: string;
  /** What the model answers once it has the call's outcome (none: the script ends). */
  reply?: string;
}

/** Starts `call` in a new chat of `page`; gives the server's id and the call's card. */
export async function callTaskTool(
  session: ExtensionSession,
  page: Page,
  model: ScriptedOpenAI,
  call: TaskCall,
): Promise<{ serverId: string; card: Locator }> {
  const serverId = await chatWithServer(session, page, {
    modelBaseUrl: model.baseUrl,
    serverName: call.server.name,
    serverUrl: call.server.url,
  });
  const turns: ScriptedTurn[] = [
    { type: 'tool-call', toolName: `${serverId}__${call.tool}`, input: call.input },
  ];
  if (call.reply) turns.push({ type: 'text', text: call.reply });
  model.script(...turns);
  await page.getByRole('button', { name: 'New chat', exact: true }).click();
  await page.getByRole('combobox', { name: 'Message' }).fill(call.prompt);
  await page.getByRole('button', { name: 'Send' }).click();
  const card = page.locator(`.tool-card[data-tool-name="${call.tool}"]`).last();
  await card.getByRole('button', { name: 'Approve' }).click();
  return { serverId, card };
}

/** What the model was last sent, as text. */
export function lastModelRequest(model: ScriptedOpenAI): string {
  return JSON.stringify(model.requests.at(-1)?.body ?? {});
}
