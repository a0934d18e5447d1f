/**
 * Tool calls servers run as tasks, in Chromium: server-everything's `simulate-research-query`
 * (2025-11-25 tasks) and a v2 fixture server's `research` (the 2026-07-28 Tasks extension),
 * called from the chat with the scripted model.
 */
import type { Page, Worker } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startModernServer } from '../fixtures/modern-server';
import { startScriptedOpenAI, type ScriptedOpenAI } from '../fixtures/scripted-openai';
import { startServerEverything, type ServerEverything } from '../fixtures/server-everything';
import { createTaskFixtureState, STAGE_MESSAGES } from '../fixtures/task-tools';
import { callTaskTool, lastModelRequest, type TaskCall } from '../helpers/task-chat';
import { closeAfterTest, freshExtensionPerTest } from './harness';

const session = freshExtensionPerTest();
let model: ScriptedOpenAI;
let everything: ServerEverything;
let page: Page;

beforeAll(async () => {
  everything = await startServerEverything('streamableHttp');
});
afterAll(async () => {
  await everything?.close();
});
beforeEach(async () => {
  model = closeAfterTest(await startScriptedOpenAI());
  page = await session.openSidePanel();
});

type Asked = Omit<TaskCall, 'server' | 'tool' | 'input'>;

/** The chat calls server-everything's research task on `topic` (`ambiguous`: it asks which). */
const researchOnEverything = (topic: string, call: Asked, ambiguous?: boolean) =>
  callTaskTool(session, page, model, {
    server: { name: 'Everything', url: everything.url },
    tool: 'simulate-research-query',
    input: { topic, ...(ambiguous && { ambiguous }) },
    ...call,
  });

/** The chat calls a 2026 server's `research` task on `topic`; its stages take 2 s each. */
async function researchOnModern(topic: string, call: Asked) {
  const state = createTaskFixtureState(2_000);
  const modern = closeAfterTest(await startModernServer({ legacy: 'reject', tasks: state }));
  const started = await callTaskTool(session, page, model, {
    server: { name: 'Modern', url: modern.mcpUrl },
    tool: 'research',
    input: { topic },
    ...call,
  });
  return { ...started, state };
}

/** The worker running now (a stopped one is replaced when something wakes it). */
async function currentWorker(): Promise<Worker> {
  return (
    session.context.serviceWorkers().at(-1) ?? (await session.context.waitForEvent('serviceworker'))
  );
}

async function workerEval<T>(worker: Worker, script: string): Promise<T> {
  return worker.evaluate(script) as Promise<T>;
}

describe('tasks from the chat', () => {
  it('shows a task’s stages on its card and gives its result to the model', async () => {
    const { card } = await researchOnEverything('tides', {
      prompt: 'Research tides',
      reply: 'The research on tides is done.',
    });
    const status = card.locator('.tool-task');
    await status.getByText('Task running').waitFor();
    // A stage after the first (stages and polls are a second apart: a busy machine skips one).
    await status
      .getByText(/(Analyzing content|Synthesizing findings|Generating report)\.\.\./)
      .waitFor();
    // The README's picture (docs/screenshots/task-running.png) is this one.
    await session.screenshot(page, 'task-running');
    await page.getByText('The research on tides is done.').waitFor({ timeout: 20_000 });
    expect(lastModelRequest(model)).toContain('Research Report: tides');
    await expect(card.getAttribute('data-tool-state')).resolves.toBe('done');
    // Its chat took the result in: the background forgot the task.
    await expect
      .poll(() => session.send(page, 'mcp/tasks/list'))
      .toEqual({ ok: true, result: { tasks: [] } });
  });

  it('waits through a worker restart: the open chat gets the result the new worker polls for', async () => {
    const { card } = await researchOnEverything('auroras', {
      prompt: 'Research auroras',
      reply: 'Auroras researched across a restart.',
    });
    await card.locator('.tool-task').getByText('Task running').waitFor();
    await session.stopWorker(page);
    await page.getByText('Auroras researched across a restart.').waitFor({ timeout: 20_000 });
    expect(lastModelRequest(model)).toContain('Research Report: auroras');
    await expect(card.getAttribute('data-tool-state')).resolves.toBe('done');
  });

  it('asks the person through the elicitation card when the task needs input', async () => {
    await researchOnEverything(
      'python',
      { prompt: 'Research python', reply: 'Researched the snake.' },
      true,
    );
    const form = page.getByRole('group', { name: 'Everything asks for information' });
    await form.waitFor({ timeout: 15_000 });
    await form.getByLabel(/Clarification/).selectOption({ label: 'Python snake species' });
    await form.getByRole('button', { name: 'Accept and send to Everything' }).click();
    await page.getByText('Researched the snake.').waitFor({ timeout: 20_000 });
    expect(lastModelRequest(model)).toContain('Research Report: python (snake)');
  });

  it('cancels the task on the server when the person stops the answer (2026-07-28)', async () => {
    const { card, state } = await researchOnModern('moons', { prompt: 'Research moons' });
    await card.locator('.tool-task').getByText('Gathering sources...').waitFor();
    await page.getByRole('button', { name: 'Stop' }).click();
    await expect.poll(() => state.cancelled.length, { timeout: 10_000 }).toBe(1);
    expect([...state.tasks.values()].map((task) => task.status)).toEqual(['cancelled']);
    await expect(card.getAttribute('data-tool-state')).resolves.toBe('cancelled');
  });

  it('lists running tasks in the Servers view, where Stop cancels one (2026-07-28)', async () => {
    const { card, state } = await researchOnModern('rings', {
      prompt: 'Research rings',
      reply: 'The research was stopped.',
    });
    await card.locator('.tool-task').getByText('Gathering sources...').waitFor();
    // The Servers view in a second panel (this one's chat goes on meanwhile).
    const servers = await session.openServers();
    const list = servers.getByRole('region', { name: 'Running tasks' });
    const row = list.locator('.task-row');
    await row.getByText('research', { exact: true }).waitFor();
    // The stage the task is at by now: opening a panel on a busy machine may take a stage.
    const stage = new RegExp(
      `on Modern.*Running.*(${STAGE_MESSAGES.join('|').replace(/\./g, '\\.')})`,
    );
    await expect(row.textContent()).resolves.toMatch(stage);
    await session.screenshot(servers, 'task-running-list');
    await list.getByRole('button', { name: 'Stop research on Modern' }).click();
    await expect.poll(() => state.cancelled.length, { timeout: 10_000 }).toBe(1);
    // The model reads why the call ended; with the outcome in the chat, the task leaves the list.
    await page.getByText('The research was stopped.').waitFor();
    await expect(card.getAttribute('data-tool-state')).resolves.toBe('cancelled');
    expect(lastModelRequest(model)).toContain('cancel');
    await expect.poll(() => row.count()).toBe(0);
  });

  it('finishes a task while the panel is closed and the worker stopped; the chat has it on reopening', async () => {
    const { card } = await researchOnEverything('comets', {
      prompt: 'Research comets',
      reply: 'Comets, researched while you were away.',
    });
    await card.locator('.tool-task').getByText('Task running').waitFor();
    // While a task runs, an alarm is set to wake a stopped worker to poll on.
    const alarm = () =>
      page.evaluate(() =>
        (
          globalThis as unknown as {
            chrome: {
              alarms: { get(name: string): Promise<{ scheduledTime: number } | undefined> };
            };
          }
        ).chrome.alarms.get('patchbay-tasks'),
      );
    await expect
      .poll(alarm)
      .toEqual(expect.objectContaining({ scheduledTime: expect.any(Number) }));
    await session.stopWorker(page);
    await page.close();
    // Nothing wakes the worker but its alarm; it polls on, the task ends, and with no panel
    // open the toolbar badge counts it.
    const finished = async () => {
      const worker = await currentWorker();
      return workerEval<{ status?: string; notified?: boolean }[]>(
        worker,
        "chrome.storage.local.get('mcp.tasks').then((all) => Object.values(all['mcp.tasks'] ?? {}))",
      ).catch(() => []);
    };
    await expect
      .poll(finished, { timeout: 60_000, interval: 1_000 })
      .toEqual([expect.objectContaining({ status: 'completed', notified: true })]);
    const badge = () =>
      workerEval<string>(
        session.context.serviceWorkers().at(-1)!,
        'chrome.action.getBadgeText({})',
      );
    await expect.poll(badge).toBe('1');
    page = await session.openSidePanel();
    const reopened = page.locator('.tool-card[data-tool-name="simulate-research-query"]');
    await expect.poll(() => reopened.getAttribute('data-tool-state')).toBe('done');
    await page
      .getByRole('status', { name: 'Interrupted answer' })
      .getByRole('button', { name: 'Continue' })
      .click();
    await page.getByText('Comets, researched while you were away.').waitFor();
    expect(lastModelRequest(model)).toContain('Research Report: comets');
    await expect.poll(badge).toBe('');
  }, 120_000);
});
