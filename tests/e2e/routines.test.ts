/**
 * Routines in Chromium: a saved prompt the worker runs on a schedule with the panel closed, in
 * the offscreen routine runner, with the scripted model and a v2 fixture server.
 */
import type { Page, Worker } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ToolView } from '../../src/messaging/contract';
// As the Routines editor ticks a tool: its definition as Patchbay compares it.
import { definitionOf } from '../../src/policy/tool-definition';
import { startModernServer, type ModernServer } from '../fixtures/modern-server';
import { startScriptedOpenAI, type ScriptedOpenAI } from '../fixtures/scripted-openai';
import { chooseScriptedModel } from './chat-setup';
import { closeAfterTest, freshExtensionPerTest, requestFrom } from './harness';
import { addEnabledServer } from './server-setup';
import { storedMessages } from './chat-storage';

const session = freshExtensionPerTest({ grantOptionalPermissions: true });
let model: ScriptedOpenAI;
let page: Page;
let serverId: string;
let journal: ModernServer;

interface Run {
  id: string;
  chatId: string;
  outcome: string;
  reason?: string;
  waitingFor?: string;
  usage?: { inputTokens: number; outputTokens: number };
  dueAt: number;
}
interface RoutineView {
  id: string;
  name: string;
  nextRunAt: number | null;
  lastRun?: Run;
}

beforeEach(async () => {
  model = closeAfterTest(await startScriptedOpenAI());
  journal = closeAfterTest(await startModernServer({ legacy: 'stateless' }));
  page = await session.openSidePanel();
  await chooseScriptedModel(page, model.baseUrl);
  serverId = await addEnabledServer(session, page, { name: 'Journal', url: journal.mcpUrl });
});

/** The worker running now (a stopped one is replaced when something wakes it). */
async function currentWorker(): Promise<Worker> {
  return (
    session.context.serviceWorkers().at(-1) ?? (await session.context.waitForEvent('serviceworker'))
  );
}

/** What the worker has stored under `key`: read there, so no extension page needs to be open. */
async function stored<T>(key: string): Promise<T | undefined> {
  const worker = await currentWorker();
  return (await worker.evaluate(
    `chrome.storage.local.get(${JSON.stringify(key)}).then((items) => items[${JSON.stringify(key)}])`,
  )) as T | undefined;
}

const runs = async () => (await stored<Run[]>('routines.runs')) ?? [];

async function saveRoutine(ticked: string[]): Promise<RoutineView> {
  const { tools } = await requestFrom<{ tools: ToolView[] }>(session, page, 'mcp/tools/list');
  const { routine } = await requestFrom<{ routine: RoutineView }>(session, page, 'routines/save', {
    name: 'Morning summary',
    prompt: 'Summarize my journal for today.',
    servers: [serverId],
    tools: tools
      .filter((tool) => tool.serverId === serverId && ticked.includes(tool.name))
      .map((tool) => ({ serverId, name: tool.name, definition: definitionOf(tool) })),
    schedule: { kind: 'daily', time: '08:00' },
    timeZone: 'Europe/Paris',
  });
  return routine;
}

/** Moves a routine's next run to `at` and starts the worker again, as a browser restart does. */
async function dueAt(routineId: string, at: number) {
  await page.evaluate(
    async ([id, when]) => {
      const { chrome } = globalThis as unknown as {
        chrome: {
          storage: {
            local: {
              get(key: string): Promise<Record<string, unknown>>;
              set(items: unknown): Promise<void>;
            };
          };
        };
      };
      const { routines } = (await chrome.storage.local.get('routines')) as {
        routines: { id: string; nextRunAt: number }[];
      };
      await chrome.storage.local.set({
        routines: routines.map((routine) =>
          routine.id === id ? { ...routine, nextRunAt: when } : routine,
        ),
      });
    },
    [routineId, at] as const,
  );
  await session.stopWorker(page);
  // Any message starts the worker, which looks at its routines first thing.
  await requestFrom(session, page, 'routines/list');
}

async function openChat(panel: Page, title: RegExp) {
  await panel.locator('.conversation-switch').click();
  await panel.getByRole('region', { name: 'Chats' }).getByRole('button', { name: title }).click();
}

describe('routines', () => {
  it('runs on its schedule with the panel closed and leaves its chat in History', async () => {
    model.script(
      {
        type: 'tool-call',
        toolName: `${serverId}__echo`,
        input: { text: 'journal: shipped routines' },
      },
      { type: 'text', text: 'Today you shipped routines.' },
    );
    const routine = await saveRoutine(['echo']);
    // Due in two seconds: the worker sets its alarm, and the panel closes before it rings.
    await dueAt(routine.id, Date.now() + 2000);
    await page.close();
    expect(await runs()).toEqual([]);
    await expect.poll(async () => (await runs())[0]?.outcome, { timeout: 30_000 }).toBe('done');
    const [run] = await runs();
    expect(run?.usage?.inputTokens).toBeGreaterThan(0);
    // The ticked tool ran unasked: the model read its result.
    expect(JSON.stringify(model.requests.at(-1)?.body)).toContain('journal: shipped routines');
    // The next run is tomorrow's.
    const [saved] = (await stored<RoutineView[]>('routines')) ?? [];
    expect(saved?.nextRunAt).toBeGreaterThan(Date.now() + 60_000);
    const panel = await session.openSidePanel();
    await panel.locator('.conversation-switch').click();
    // Marked as the routine's in the list of chats.
    const entry = panel.getByRole('region', { name: 'Chats' }).getByRole('listitem').first();
    await entry.getByText('Routine', { exact: true }).waitFor();
    await entry.getByRole('button', { name: /^Morning summary · / }).click();
    await panel.getByText('Today you shipped routines.').waitFor();
    await session.screenshot(panel, 'routine-chat');
  });

  it('runs a run missed while the browser was closed once, not once per missed time', async () => {
    model.script({ type: 'text', text: 'Caught up.' });
    const routine = await saveRoutine([]);
    // Three days of missed mornings.
    await dueAt(routine.id, Date.now() - 3 * 24 * 3_600_000);
    await page.close();
    await expect.poll(async () => (await runs())[0]?.outcome, { timeout: 30_000 }).toBe('done');
    expect(await runs()).toHaveLength(1);
    const [saved] = (await stored<RoutineView[]>('routines')) ?? [];
    expect(saved?.nextRunAt).toBeGreaterThan(Date.now());
    expect(model.requests.filter((request) => request.api !== 'models')).toHaveLength(1);
  });

  it('pauses at a call outside its ticked tools, with a notification, and goes on once approved', async () => {
    model.script(
      {
        type: 'tool-call',
        toolName: `${serverId}__distance`,
        input: { from: { x: 0, y: 0 }, to: { x: 3, y: 4 } },
      },
      { type: 'text', text: 'The distance is 5.' },
    );
    const routine = await saveRoutine(['echo']);
    await requestFrom(session, page, 'routines/run-now', { id: routine.id });
    await page.close();
    await expect.poll(async () => (await runs())[0]?.outcome, { timeout: 30_000 }).toBe('waiting');
    const [run] = await runs();
    expect(run?.waitingFor).toBe('distance on Journal');
    const worker = await currentWorker();
    // The run is stored as waiting before its notification is shown.
    await expect
      .poll(async () =>
        Object.keys((await worker.evaluate('chrome.notifications.getAll()')) as object),
      )
      .toEqual([`patchbay-chat:${run?.chatId}`]);
    // Only the approved call ran: the model has not read its result yet.
    expect(JSON.stringify(model.requests.at(-1)?.body)).not.toContain('"5"');
    // A click on the notification (the worker's own listener, called as Chrome calls it;
    // Playwright cannot click a system notification) opens the panel on the run's chat.
    await worker.evaluate(
      `chrome.notifications.onClicked.dispatch(${JSON.stringify(`patchbay-chat:${run?.chatId}`)})`,
    );
    const panel = await session.openSidePanel();
    await panel.getByText(/Morning summary paused here for your answer/).waitFor();
    await session.screenshot(panel, 'routine-paused');
    const card = panel.locator('.tool-card[data-tool-name="distance"]');
    await card.getByRole('button', { name: 'Approve' }).click();
    // The run goes on in its runner, with the routine's grants, and the chat shows its end.
    await panel.getByText('The distance is 5.').waitFor();
    await expect.poll(async () => (await runs())[0]?.outcome).toBe('done');
    expect(JSON.stringify(model.requests.at(-1)?.body)).toContain('5');
  });

  it('goes on after the person denies the call, and the model hears it', async () => {
    model.script(
      {
        type: 'tool-call',
        toolName: `${serverId}__distance`,
        input: { from: { x: 0, y: 0 }, to: { x: 3, y: 4 } },
      },
      { type: 'text', text: 'I did not measure it.' },
    );
    const routine = await saveRoutine(['echo']);
    await requestFrom(session, page, 'routines/run-now', { id: routine.id });
    await expect.poll(async () => (await runs())[0]?.outcome, { timeout: 30_000 }).toBe('waiting');
    await page.reload(); // the panel opened before a model was set up
    await openChat(page, /^Morning summary · /);
    const card = page.locator('.tool-card[data-tool-name="distance"]');
    await card.getByRole('button', { name: 'Deny' }).click();
    await expect.poll(async () => (await runs())[0]?.outcome).not.toBe('waiting');
    // The panel is closed before the run ends: it goes on all the same.
    await page.close();
    await expect.poll(async () => (await runs())[0]?.outcome, { timeout: 30_000 }).toBe('done');
    expect(JSON.stringify(model.requests.at(-1)?.body)).toMatch(/denied|not approved/i);
    expect(journal.methods().filter((method) => method === 'tools/call')).toHaveLength(0);
  });

  it('goes on across a worker stop in the middle of a tool call', async () => {
    model.script(
      {
        type: 'tool-call',
        toolName: `${serverId}__slow_count`,
        input: { steps: 30, delayMs: 100 },
      },
      { type: 'text', text: 'Counted, after a restart.' },
    );
    const routine = await saveRoutine(['slow_count']);
    await requestFrom(session, page, 'routines/run-now', { id: routine.id });
    await expect
      .poll(() => journal.methods().includes('tools/call'), { timeout: 15_000 })
      .toBe(true);
    // The worker stops while the call runs: the runner goes on, and the model hears what
    // became of the call.
    await session.stopWorker(page);
    await expect.poll(async () => (await runs())[0]?.outcome, { timeout: 30_000 }).toBe('done');
    expect(await runs()).toHaveLength(1);
    expect(JSON.stringify(model.requests.at(-1)?.body)).toContain('restarted');
    const answer = (await storedMessages(page)).filter((m) => m.role === 'assistant');
    expect(answer.at(-1)?.text).toContain('Counted, after a restart.');
  });

  it('resumes a run whose runner was closed mid-answer from its last saved step', async () => {
    model.script(
      { type: 'text', text: 'First part of the summary, '.repeat(12), delayMs: 150 },
      { type: 'text', text: 'and the rest of it.' },
    );
    const routine = await saveRoutine([]);
    await requestFrom(session, page, 'routines/run-now', { id: routine.id });
    // Part of the answer is saved (the runner writes it as it streams)...
    await expect
      .poll(async () => (await storedMessages(page)).find((m) => m.role === 'assistant')?.text, {
        timeout: 15_000,
      })
      .toContain('First part');
    // ... when the runner's document is closed (a browser that quit, say).
    const cdp = await session.context.newCDPSession(page);
    const { targetInfos } = (await cdp.send('Target.getTargets')) as {
      targetInfos: { targetId: string; url: string }[];
    };
    const runner = targetInfos.find((target) => target.url.endsWith('/offscreen.html'));
    expect(runner).toBeDefined();
    await cdp.send('Target.closeTarget', { targetId: runner!.targetId });
    await cdp.detach();
    // The worker's next start finds the run unfinished and hands it to a new runner.
    await session.stopWorker(page);
    await requestFrom(session, page, 'routines/list');
    await expect.poll(async () => (await runs())[0]?.outcome, { timeout: 30_000 }).toBe('done');
    expect(JSON.stringify(model.requests.at(-1)?.body)).toContain(
      'Continue exactly where it stopped',
    );
    const answer = (await storedMessages(page)).filter((m) => m.role === 'assistant');
    expect(answer).toHaveLength(1);
    expect(answer[0]?.text).toMatch(/^First part.*and the rest of it\.$/s);
    expect(answer[0]?.state).toBe('complete');
  });

  it('stops from the Routines tab mid tool call, and deleting a routine stops its run', async () => {
    const slowCall = {
      type: 'tool-call' as const,
      toolName: `${serverId}__slow_count`,
      input: { steps: 300, delayMs: 100 },
    };
    model.script(slowCall);
    await saveRoutine(['slow_count']);
    await page.reload();
    await page.getByRole('tab', { name: 'Routines' }).click();
    const item = page.getByRole('listitem', { name: 'Morning summary' });
    await item.getByRole('button', { name: 'Run now' }).click();
    await expect
      .poll(() => journal.methods().includes('tools/call'), { timeout: 15_000 })
      .toBe(true);
    await item.getByRole('button', { name: 'Stop' }).click();
    await item.getByText('Stopped by you').waitFor();
    await session.screenshot(page, 'routine-stopped');
    // The server was told to stop the call, and the model is not asked again.
    await expect.poll(() => journal.cancellations, { timeout: 10_000 }).toBe(1);
    expect((await runs())[0]?.outcome).toBe('stopped');
    // The run's chat keeps the call, marked cancelled rather than running.
    await expect
      .poll(async () => (await storedMessages(page)).find((m) => m.role === 'assistant')?.calls)
      .toEqual([`${serverId}__slow_count:output-error`]);
    expect(model.requests).toHaveLength(1);
    await item.getByRole('button', { name: 'Open chat' }).click();
    await page
      .locator('.tool-card[data-tool-name="slow_count"][data-tool-state="cancelled"]')
      .waitFor();
    await session.screenshot(page, 'routine-stopped-chat');
    await page.getByRole('tab', { name: 'Routines' }).click();

    // Run again, then delete the routine while its call runs: the run stops with it.
    model.script(slowCall);
    await item.getByRole('button', { name: 'Run now' }).click();
    await expect
      .poll(() => journal.methods().filter((method) => method === 'tools/call').length, {
        timeout: 15_000,
      })
      .toBe(2);
    await item.getByRole('button', { name: 'Delete' }).click();
    const confirm = item.getByRole('alertdialog');
    await confirm.getByText('and the run under way stops').waitFor();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await item.waitFor({ state: 'detached' });
    await expect.poll(() => journal.cancellations, { timeout: 10_000 }).toBe(2);
    expect(await runs()).toEqual([]);
    expect(model.requests).toHaveLength(2);
  });

  it('stops a run that waits for the person: its call is cancelled in its chat', async () => {
    model.script({
      type: 'tool-call',
      toolName: `${serverId}__distance`,
      input: { from: { x: 0, y: 0 }, to: { x: 3, y: 4 } },
    });
    const routine = await saveRoutine(['echo']);
    await requestFrom(session, page, 'routines/run-now', { id: routine.id });
    await expect.poll(async () => (await runs())[0]?.outcome, { timeout: 30_000 }).toBe('waiting');
    const notices = async () =>
      Object.keys(
        (await (await currentWorker()).evaluate('chrome.notifications.getAll()')) as object,
      );
    await expect.poll(notices).toHaveLength(1);
    await requestFrom(session, page, 'routines/stop', { id: routine.id });
    // A runner settles its chat first, then the run is stopped.
    await expect.poll(async () => (await runs())[0]?.outcome, { timeout: 30_000 }).toBe('stopped');
    const [answer] = (await storedMessages(page)).filter((m) => m.role === 'assistant');
    expect(answer?.calls).toEqual([`${serverId}__distance:output-error`]);
    expect(answer?.state).toBe('complete');
    // The call never ran, and the model was asked once.
    expect(journal.methods()).not.toContain('tools/call');
    expect(model.requests).toHaveLength(1);
    // Its "wants to run" notification went with it.
    expect(await notices()).toEqual([]);
    await page.reload();
    await openChat(page, /^Morning summary · /);
    await page
      .locator('.tool-card[data-tool-name="distance"][data-tool-state="cancelled"]')
      .waitFor();
    expect(await page.getByRole('button', { name: 'Approve' }).count()).toBe(0);
  });

  it('is made in the Routines tab, runs from Run now, and shows its outcome and tokens', async () => {
    model.script(
      { type: 'tool-call', toolName: `${serverId}__echo`, input: { text: 'three issues due' } },
      { type: 'text', text: 'Three issues are due this week.' },
    );
    await page.reload();
    await page.getByRole('tab', { name: 'Routines' }).click();
    await page.getByRole('button', { name: 'New routine' }).click();
    const editor = page.getByRole('form', { name: 'New routine' });
    await editor.getByLabel('Name').fill('Weekly issues');
    await editor.getByLabel('What it asks').fill('List my issues due this week.');
    await editor.getByRole('checkbox', { name: 'Journal' }).check();
    await editor.getByRole('checkbox', { name: 'echo: runs without asking' }).check();
    await session.screenshot(page, 'routine-editor');
    await editor.getByRole('button', { name: 'Save' }).click();
    const item = page.getByRole('listitem', { name: 'Weekly issues' });
    await item.getByText(/Next run/).waitFor();
    await item.getByRole('button', { name: 'Run now' }).click();
    await item.getByText(/Done/).waitFor({ timeout: 30_000 });
    await item.getByText(/tokens/).waitFor();
    await session.screenshot(page, 'routines');
    await item.getByRole('button', { name: 'Open chat' }).click();
    await page.getByText('Three issues are due this week.').waitFor();
  });

  it.each([360, 600])('keeps its actions, Delete with them, on one row at %i px', async (width) => {
    await saveRoutine(['echo']);
    await page.setViewportSize({ width, height: 720 });
    await page.reload();
    await page.getByRole('tab', { name: 'Routines' }).click();
    const item = page.getByRole('listitem', { name: 'Morning summary' });
    const box = async (name: string) =>
      (await item.getByRole('button', { name, exact: true }).boundingBox())!;
    const first = await box('Run now');
    for (const name of ['Pause', 'Runs', 'Edit', 'Delete']) {
      expect((await box(name)).y, name).toBe(first.y);
    }
    const card = (await item.boundingBox())!;
    const remove = await box('Delete');
    expect(remove.x + remove.width).toBeLessThanOrEqual(card.x + card.width);
  });

  it('offers examples in an empty tab, each filling the editor to change and save', async () => {
    await page.reload();
    await page.getByRole('tab', { name: 'Routines' }).click();
    const examples = page.getByRole('region', { name: 'Examples' });
    await examples.getByRole('button').first().waitFor();
    await expect(examples.getByRole('button').count()).resolves.toBeGreaterThanOrEqual(2);
    await session.screenshot(page, 'routines-templates');
    await examples.getByRole('button', { name: /^Morning summary of my open issues/ }).click();
    const editor = page.getByRole('form', { name: 'New routine' });
    await expect(editor.getByLabel('Name').inputValue()).resolves.toBe(
      'Morning summary of my open issues',
    );
    await expect(editor.getByLabel('What it asks').inputValue()).resolves.toMatch(
      /^List the issues assigned to me that are still open/,
    );
    await expect(editor.getByLabel('How often').inputValue()).resolves.toBe('weekdays');
    await expect(editor.getByLabel('Time', { exact: true }).inputValue()).resolves.toBe('08:30');
    // The servers are the person's to pick: none is ticked for them.
    await expect(editor.getByRole('checkbox', { name: 'Journal' }).isChecked()).resolves.toBe(
      false,
    );
    await editor.getByRole('checkbox', { name: 'Journal' }).check();
    await editor.getByRole('button', { name: 'Save' }).click();
    await page
      .getByRole('listitem', { name: 'Morning summary of my open issues' })
      .getByText(/Next run/)
      .waitFor();
  });

  it('keeps a quoted page’s words the page’s: the editor names the page, an edit keeps it', async () => {
    const page1 = { url: 'https://news.example/today', title: 'Harbour news' };
    await requestFrom(session, page, 'routines/save', {
      name: 'Harbour digest',
      prompt: '> Ferries run late.\n\nSummarize this every morning.',
      quoted: [page1],
      servers: [serverId],
      tools: [],
      schedule: { kind: 'daily', time: '08:00' },
      timeZone: 'Europe/Paris',
    });
    await page.reload();
    await page.getByRole('tab', { name: 'Routines' }).click();
    await page
      .getByRole('listitem', { name: 'Harbour digest' })
      .getByRole('button', { name: 'Edit' })
      .click();
    const editor = page.getByRole('form', { name: 'Edit Harbour digest' });
    await editor.getByText(/^Quotes news\.example \(Harbour news\)\./).waitFor();
    await session.screenshot(page, 'routine-editor-quoted');
    await editor.getByLabel('What it asks').fill('> Ferries run late.\n\nSummarize this daily.');
    await editor.getByRole('button', { name: 'Save' }).click();
    await page
      .getByRole('listitem', { name: 'Harbour digest' })
      .getByText(/Next run/)
      .waitFor();
    const [saved] = (await stored<{ prompt: string; quoted?: unknown[] }[]>('routines')) ?? [];
    expect(saved).toMatchObject({ prompt: expect.stringContaining('daily'), quoted: [page1] });
  });

  it('is made from a chat with Make this a routine, its prompt and server filled in', async () => {
    model.script(
      { type: 'tool-call', toolName: `${serverId}__echo`, input: { text: 'notes' } },
      { type: 'text', text: 'Your notes say notes.' },
    );
    await page.reload();
    await page.getByRole('combobox', { name: 'Message' }).fill('What do my notes say?');
    await page.getByRole('button', { name: 'Send' }).click();
    await page
      .locator('.tool-card[data-tool-name="echo"]')
      .getByRole('button', { name: 'Approve' })
      .click();
    await page.getByText('Your notes say notes.').waitFor();
    await page.getByRole('button', { name: 'Make this a routine' }).click();
    const editor = page.getByRole('form', { name: 'New routine' });
    await expect(editor.getByLabel('What it asks').inputValue()).resolves.toBe(
      'What do my notes say?',
    );
    await expect(editor.getByRole('checkbox', { name: 'Journal' }).isChecked()).resolves.toBe(true);
    // Nothing runs unasked until the person ticks it.
    await expect(
      editor.getByRole('checkbox', { name: 'echo: runs without asking' }).isChecked(),
    ).resolves.toBe(false);
    await editor.getByRole('button', { name: 'Save' }).click();
    await page
      .getByRole('listitem', { name: 'What do my notes say?' })
      .getByText(/Next run/)
      .waitFor();
    const [saved] =
      (await stored<{ prompt: string; servers: string[]; tools: unknown[] }[]>('routines')) ?? [];
    expect(saved).toMatchObject({
      prompt: 'What do my notes say?',
      servers: [serverId],
      tools: [],
    });
  });
});
