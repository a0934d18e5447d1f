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
import { createTaskFixtureState } from '../fixtures/task-tools';
import { chatWithServer } from './chat-setup';
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

async function send(text: string) {
  await page.getByRole('button', { name: 'New chat', exact: true }).click();
  await page.getByRole('combobox', { name: 'Message' }).fill(text);
  await page.getByRole('button', { name: 'Send' }).click();
}

async function approveCallOf(tool: string) {
  const card = page.locator(`.tool-card[data-tool-name="${tool}"]`).last();
  await card.getByRole('button', { name: 'Approve' }).click();
  return card;
}

const lastModelRequest = () => JSON.stringify(model.requests.at(-1)?.body ?? {});

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
    const serverId = await chatWithServer(session, page, {
      modelBaseUrl: model.baseUrl,
      serverName: 'Everything',
      serverUrl: everything.url,
    });
    model.script(
      {
        type: 'tool-call',
        toolName: `${serverId}__simulate-research-query`,
        input: { topic: 'tides' },
      },
      { type: 'text', text: 'The research on tides is done.' },
    );
    await send('Research tides');
    const card = await approveCallOf('simulate-research-query');
    const status = card.locator('.tool-task');
    await status.getByText('Task running').waitFor();
    await status.getByText('Analyzing content...').waitFor();
    // The README's picture (docs/screenshots/task-running.png) is this one.
    await session.screenshot(page, 'task-running');
    await page.getByText('The research on tides is done.').waitFor({ timeout: 20_000 });
    expect(lastModelRequest()).toContain('Research Report: tides');
    await expect(card.getAttribute('data-tool-state')).resolves.toBe('done');
    // Its chat took the result in: the background forgot the task.
    await expect
      .poll(() => session.send(page, 'mcp/tasks/list'))
      .toEqual({ ok: true, result: { tasks: [] } });
  });

  it('waits through a worker restart: the open chat gets the result the new worker polls for', async () => {
    const serverId = await chatWithServer(session, page, {
      modelBaseUrl: model.baseUrl,
      serverName: 'Everything',
      serverUrl: everything.url,
    });
    model.script(
      {
        type: 'tool-call',
        toolName: `${serverId}__simulate-research-query`,
        input: { topic: 'auroras' },
      },
      { type: 'text', text: 'Auroras researched across a restart.' },
    );
    await send('Research auroras');
    const card = await approveCallOf('simulate-research-query');
    await card.locator('.tool-task').getByText('Task running').waitFor();
    await session.stopWorker(page);
    await page.getByText('Auroras researched across a restart.').waitFor({ timeout: 20_000 });
    expect(lastModelRequest()).toContain('Research Report: auroras');
    await expect(card.getAttribute('data-tool-state')).resolves.toBe('done');
  });

  it('asks the person through the elicitation card when the task needs input', async () => {
    const serverId = await chatWithServer(session, page, {
      modelBaseUrl: model.baseUrl,
      serverName: 'Everything',
      serverUrl: everything.url,
    });
    model.script(
      {
        type: 'tool-call',
        toolName: `${serverId}__simulate-research-query`,
        input: { topic: 'python', ambiguous: true },
      },
      { type: 'text', text: 'Researched the snake.' },
    );
    await send('Research python');
    await approveCallOf('simulate-research-query');
    const form = page.getByRole('group', { name: 'Everything asks for information' });
    await form.waitFor({ timeout: 15_000 });
    await form.getByLabel(/Clarification/).selectOption({ label: 'Python snake species' });
    await form.getByRole('button', { name: 'Accept and send to Everything' }).click();
    await page.getByText('Researched the snake.').waitFor({ timeout: 20_000 });
    expect(lastModelRequest()).toContain('Research Report: python (snake)');
  });

  it('cancels the task on the server when the person stops the answer (2026-07-28)', async () => {
    const state = createTaskFixtureState(2_000);
    const modern = closeAfterTest(await startModernServer({ legacy: 'reject', tasks: state }));
    const serverId = await chatWithServer(session, page, {
      modelBaseUrl: model.baseUrl,
      serverName: 'Modern',
      serverUrl: modern.mcpUrl,
    });
    model.script({
      type: 'tool-call',
      toolName: `${serverId}__research`,
      input: { topic: 'moons' },
    });
    await send('Research moons');
    const card = await approveCallOf('research');
    await card.locator('.tool-task').getByText('Gathering sources...').waitFor();
    await page.getByRole('button', { name: 'Stop' }).click();
    await expect.poll(() => state.cancelled.length, { timeout: 10_000 }).toBe(1);
    expect([...state.tasks.values()].map((task) => task.status)).toEqual(['cancelled']);
    await expect(card.getAttribute('data-tool-state')).resolves.toBe('cancelled');
  });

  it('lists running tasks in the Servers view, where Stop cancels one (2026-07-28)', async () => {
    const state = createTaskFixtureState(2_000);
    const modern = closeAfterTest(await startModernServer({ legacy: 'reject', tasks: state }));
    const serverId = await chatWithServer(session, page, {
      modelBaseUrl: model.baseUrl,
      serverName: 'Modern',
      serverUrl: modern.mcpUrl,
    });
    model.script(
      { type: 'tool-call', toolName: `${serverId}__research`, input: { topic: 'rings' } },
      { type: 'text', text: 'The research was stopped.' },
    );
    await send('Research rings');
    const card = await approveCallOf('research');
    await card.locator('.tool-task').getByText('Gathering sources...').waitFor();
    // The Servers view in a second panel (this one's chat goes on meanwhile).
    const servers = await session.openServers();
    const list = servers.getByRole('region', { name: 'Running tasks' });
    const row = list.locator('.task-row');
    await row.getByText('research', { exact: true }).waitFor();
    await expect(row.textContent()).resolves.toMatch(/on Modern.*Running.*Gathering sources/);
    await session.screenshot(servers, 'task-running-list');
    await list.getByRole('button', { name: 'Stop research on Modern' }).click();
    await expect.poll(() => state.cancelled.length, { timeout: 10_000 }).toBe(1);
    // The model reads why the call ended; with the outcome in the chat, the task leaves the list.
    await page.getByText('The research was stopped.').waitFor();
    await expect(card.getAttribute('data-tool-state')).resolves.toBe('cancelled');
    expect(lastModelRequest()).toContain('cancel');
    await expect.poll(() => row.count()).toBe(0);
  });

  it('finishes a task while the panel is closed and the worker stopped; the chat has it on reopening', async () => {
    const serverId = await chatWithServer(session, page, {
      modelBaseUrl: model.baseUrl,
      serverName: 'Everything',
      serverUrl: everything.url,
    });
    model.script(
      {
        type: 'tool-call',
        toolName: `${serverId}__simulate-research-query`,
        input: { topic: 'comets' },
      },
      { type: 'text', text: 'Comets, researched while you were away.' },
    );
    await send('Research comets');
    const card = await approveCallOf('simulate-research-query');
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
    await expect
      .poll(() =>
        workerEval<string>(
          session.context.serviceWorkers().at(-1)!,
          'chrome.action.getBadgeText({})',
        ),
      )
      .toBe('1');
    page = await session.openSidePanel();
    const reopened = page.locator('.tool-card[data-tool-name="simulate-research-query"]');
    await expect.poll(() => reopened.getAttribute('data-tool-state')).toBe('done');
    await page
      .getByRole('status', { name: 'Interrupted answer' })
      .getByRole('button', { name: 'Continue' })
      .click();
    await page.getByText('Comets, researched while you were away.').waitFor();
    expect(lastModelRequest()).toContain('Research Report: comets');
    await expect
      .poll(() =>
        workerEval<string>(
          session.context.serviceWorkers().at(-1)!,
          'chrome.action.getBadgeText({})',
        ),
      )
      .toBe('');
  }, 120_000);
});
