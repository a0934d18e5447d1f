// @vitest-environment happy-dom
/**
 * The routine editor in the Routines tab, against a worker that answers the routines contract:
 * validation by field, the schedule kinds, the time zone, the servers and the tools ticked to
 * run without asking (with their definitions), the model, the worker's refusals, and the
 * notifications permission asked from the first Save.
 */
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { TICK_RULE } from '../../../../components/routines/ServerToolsPicker';
import {
  ASKS_NOTIFICATIONS,
  NO_NOTIFICATIONS,
} from '../../../../components/routines/use-routine-editor';
import { definitionOf } from '../../../../src/policy/grants';
import type { ModelChoice } from '../../../../src/models/model-choice';
import { BROWSER_SERVER_ID } from '../../../../src/messaging/browser-access-contract';
import type { ToolView } from '../../../../src/messaging/contract';
import { PAGE_TOOLS_SERVER_ID } from '../../../../src/messaging/page-tools-contract';
import { createMemoryPermissions } from '../../../../src/platform/memory-permissions';
import type { RoutineInput, RoutineView } from '../../../../src/routines/routine';
import { aRoutine, routinesBackground, WorkerRefusal } from '../../../helpers/routines-background';
import { aServer, TestRoutinesTab } from '../../../helpers/routines-tab';

afterEach(cleanup);

const SERVERS = [
  aServer('docs', 'Docs'),
  aServer('mail', 'Mail'),
  aServer('off', 'Sleeping', false),
];

const tool = (serverId: string, name: string, extra: Partial<ToolView> = {}): ToolView => ({
  serverId,
  name,
  description: `${name} on ${serverId}`,
  inputSchema: { type: 'object', properties: { query: { type: 'string' } } },
  ...extra,
});
const search = tool('docs', 'search', { annotations: { readOnlyHint: true } });
const TOOLS = [
  search,
  tool('docs', 'publish'),
  tool('mail', 'send'),
  tool(BROWSER_SERVER_ID, 'tabs_list'),
  tool(PAGE_TOOLS_SERVER_ID, 'website_tool_cart'),
];

const ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;

/** The tab with the editor open (New routine from the list, or `initial`). */
async function openEditor(
  options: {
    routines?: RoutineView[];
    initial?: RoutineInput;
    save?: (input: RoutineInput) => unknown;
    choice?: ModelChoice;
    tools?: ToolView[];
  } = {},
) {
  const saved: RoutineInput[] = [];
  const chrome = createMemoryPermissions();
  const background = routinesBackground({
    'routines/list': () => ({ routines: options.routines ?? [] }),
    'mcp/tools/list': () => ({ tools: options.tools ?? TOOLS }),
    'routines/save': (payload) => {
      const input = payload as RoutineInput;
      saved.push(input);
      if (options.save) return options.save(input);
      return { routine: aRoutine({ ...input, id: input.id ?? 'new-1', answerMinutes: 60 }) };
    },
  });
  render(
    <TestRoutinesTab
      client={background.client}
      chrome={chrome}
      servers={SERVERS}
      {...(options.initial && { initial: options.initial })}
      {...(options.choice && { choice: options.choice })}
    />,
  );
  if (!options.initial)
    fireEvent.click((await screen.findAllByRole('button', { name: 'New routine' }))[0]!);
  const form = await screen.findByRole('form');
  // The routines (whether this is the first) and the tools are read before anything is done.
  await waitFor(() => expect(background.sent('mcp/tools/list').length).toBeGreaterThan(0));
  await waitFor(() => expect(background.sent('routines/list').length).toBeGreaterThan(0));
  return { ...background, saved, chrome, form: within(form) };
}

const type = (field: HTMLElement, value: string) => fireEvent.change(field, { target: { value } });

function fill(form: Awaited<ReturnType<typeof openEditor>>['form']) {
  type(form.getByLabelText('Name'), 'Morning brief');
  type(form.getByLabelText('What it asks'), 'Summarize my new issues.');
}

const errorOf = (field: HTMLElement) =>
  document.getElementById(field.getAttribute('aria-describedby') ?? '')?.textContent;

describe('the routine editor', () => {
  it('shows the schema’s errors by field, and saves nothing until they are fixed', async () => {
    const { form, saved } = await openEditor();
    type(form.getByLabelText('Time zone'), 'Mars/Olympus');
    type(form.getByLabelText('Wait for my answer (minutes)'), '0');
    fireEvent.change(form.getByLabelText('How often'), { target: { value: 'hourly' } });
    type(form.getByLabelText('Minute'), '75');
    fireEvent.click(form.getByRole('button', { name: 'Save' }));

    expect(errorOf(form.getByLabelText('Name'))).toBe('Name the routine.');
    expect(errorOf(form.getByLabelText('What it asks'))).toBe('Write what the routine should do.');
    expect(errorOf(form.getByLabelText('Time zone'))).toContain('Mars/Olympus');
    expect(errorOf(form.getByLabelText('Minute'))).toMatch(/59/);
    expect(errorOf(form.getByLabelText('Wait for my answer (minutes)'))).toMatch(/1/);
    expect(form.getByLabelText('Name').getAttribute('aria-invalid')).toBe('true');
    expect(saved).toEqual([]);

    fill(form);
    type(form.getByLabelText('Time zone'), 'Europe/Paris');
    type(form.getByLabelText('Minute'), '15');
    type(form.getByLabelText('Wait for my answer (minutes)'), '30');
    fireEvent.click(form.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toEqual({
      name: 'Morning brief',
      prompt: 'Summarize my new issues.',
      servers: [],
      tools: [],
      schedule: { kind: 'hourly', minute: 15 },
      timeZone: 'Europe/Paris',
      answerMinutes: 30,
    });
  });

  it('starts in the browser’s time zone, every day at 09:00, and saves each schedule kind', async () => {
    const { form, saved } = await openEditor();
    expect((form.getByLabelText('Time zone') as HTMLInputElement).value).toBe(ZONE);
    expect((form.getByLabelText('How often') as HTMLSelectElement).value).toBe('daily');
    expect((form.getByLabelText('Time') as HTMLInputElement).value).toBe('09:00');
    fill(form);
    fireEvent.change(form.getByLabelText('How often'), { target: { value: 'weekly' } });
    fireEvent.change(form.getByLabelText('Day'), { target: { value: '5' } });
    type(form.getByLabelText('Time'), '16:30');
    fireEvent.click(form.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.schedule).toEqual({ kind: 'weekly', day: 5, time: '16:30' });
    expect(saved[0]?.timeZone).toBe(ZONE);
  });

  it('saves weekdays at a time, and an edit keeps the routine’s id', async () => {
    const routine = aRoutine({ schedule: { kind: 'hourly', minute: 5 }, timeZone: 'Asia/Tokyo' });
    const { form, saved, chrome } = await openEditor({ routines: [routine], initial: routine });
    expect((form.getByLabelText('Minute') as HTMLInputElement).value).toBe('5');
    expect((form.getByLabelText('Time zone') as HTMLInputElement).value).toBe('Asia/Tokyo');
    fireEvent.change(form.getByLabelText('How often'), { target: { value: 'weekdays' } });
    type(form.getByLabelText('Time'), '07:45');
    fireEvent.click(form.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatchObject({
      id: 'routine-1',
      schedule: { kind: 'weekdays', time: '07:45' },
      timeZone: 'Asia/Tokyo',
    });
    // An edit asks Chrome for nothing.
    expect(chrome.prompts).toEqual([]);
  });

  it('offers the servers switched on, and stores a ticked tool with its definition', async () => {
    const { form, saved } = await openEditor();
    fill(form);
    expect(form.getByText(TICK_RULE)).toBeTruthy();
    expect(form.queryByRole('checkbox', { name: /Sleeping/ })).toBeNull();
    // The browser's own tools and websites' tools are nowhere offered.
    expect(form.queryByText(/tabs_list|website_tool_cart/)).toBeNull();
    expect(form.queryByRole('list', { name: 'Docs’s tools' })).toBeNull();

    fireEvent.click(form.getByRole('checkbox', { name: 'Docs' }));
    fireEvent.click(form.getByRole('checkbox', { name: 'Mail' }));
    const docs = await form.findByRole('list', { name: 'Docs’s tools' });
    fireEvent.click(within(docs).getByRole('checkbox', { name: 'search: runs without asking' }));
    fireEvent.click(
      within(form.getByRole('list', { name: 'Mail’s tools' })).getByRole('checkbox', {
        name: 'send: runs without asking',
      }),
    );
    // Taking a server off takes its ticks with it.
    fireEvent.click(form.getByRole('checkbox', { name: 'Mail' }));
    fireEvent.click(form.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.servers).toEqual(['docs']);
    expect(saved[0]?.tools).toEqual([
      { serverId: 'docs', name: 'search', definition: definitionOf(search) },
    ]);
  });

  it('shows a tool changed since it was ticked as asking, until it is ticked again', async () => {
    const before = { ...search, description: 'Searches the docs.' };
    const routine = aRoutine({
      servers: ['docs'],
      tools: [{ serverId: 'docs', name: 'search', definition: definitionOf(before) }],
    });
    const { form, saved } = await openEditor({ routines: [routine], initial: routine });
    const docs = await form.findByRole('list', { name: 'Docs’s tools' });
    const tick = within(docs).getByRole('checkbox', { name: 'search: runs without asking' });
    await waitFor(() => expect((tick as HTMLInputElement).checked).toBe(false));
    expect(docs.textContent).toContain('Changed since you ticked it');
    fireEvent.click(tick);
    fireEvent.click(form.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.tools).toEqual([
      { serverId: 'docs', name: 'search', definition: definitionOf(search) },
    ]);
  });

  it('runs with a chosen model, or the default one', async () => {
    const choice: ModelChoice = {
      active: 'chrome',
      providers: { chrome: { provider: 'chrome', model: 'gemini-nano' } },
    };
    const { form, saved } = await openEditor({ choice });
    fill(form);
    const model = form.getByLabelText('Model') as HTMLSelectElement;
    expect(model.value).toBe('');
    await waitFor(() =>
      expect(within(model).getByRole('option', { name: 'gemini-nano' })).toBeTruthy(),
    );
    fireEvent.change(model, { target: { value: JSON.stringify(['chrome', 'gemini-nano']) } });
    fireEvent.click(form.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.model).toEqual({ provider: 'chrome', model: 'gemini-nano' });
  });

  it('shows the worker’s refusal: under its field, or above Save', async () => {
    let refusal = new WorkerRefusal('A routine with this name exists.', 'name');
    const { form, saved } = await openEditor({
      save: () => {
        throw refusal;
      },
    });
    fill(form);
    fireEvent.click(form.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(errorOf(form.getByLabelText('Name'))).toBe('A routine with this name exists.'),
    );
    refusal = new WorkerRefusal('Storage is full.');
    fireEvent.click(form.getByRole('button', { name: 'Save' }));
    expect((await form.findByRole('alert')).textContent).toBe('Storage is full.');
    // Nothing is lost: the form is still there, as typed.
    expect((form.getByLabelText('Name') as HTMLInputElement).value).toBe('Morning brief');
    expect(saved).toHaveLength(2);
  });
});

describe('notifications for routines', () => {
  it('asks Chrome from the first Save’s click; a refusal still saves, and says what it means', async () => {
    const { form, saved, chrome } = await openEditor();
    // Said before Chrome asks.
    expect(await form.findByText(ASKS_NOTIFICATIONS)).toBeTruthy();
    fill(form);
    fireEvent.click(form.getByRole('button', { name: 'Save' }));
    // Within the click itself: nothing was awaited before Chrome was asked.
    expect(chrome.prompts).toEqual([['notifications']]);
    expect((await screen.findByRole('alert')).textContent).toBe(NO_NOTIFICATIONS);
    expect(saved).toHaveLength(1);
    expect(await screen.findByRole('listitem', { name: 'Morning brief' })).toBeTruthy();
  });

  it('says nothing once allowed, and does not ask again for a second routine', async () => {
    const first = await openEditor();
    first.chrome.answer('grant');
    fill(first.form);
    fireEvent.click(first.form.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('listitem', { name: 'Morning brief' })).toBeTruthy();
    expect(first.chrome.prompts).toHaveLength(1);
    expect(screen.queryByRole('alert')).toBeNull();
    cleanup();

    const second = await openEditor({ routines: [aRoutine()] });
    expect(second.form.queryByText(ASKS_NOTIFICATIONS)).toBeNull();
    fill(second.form);
    fireEvent.click(second.form.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(second.saved).toHaveLength(1));
    expect(second.chrome.prompts).toEqual([]);
  });
});
