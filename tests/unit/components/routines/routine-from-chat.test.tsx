// @vitest-environment happy-dom
/**
 * "Make this a routine": the action under a chat's last answer, and the routine it fills in:
 * the first words the person typed, the chat's title and model, the servers whose tools it
 * called (none of the browser's), nothing ticked.
 */
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { UIMessage } from 'ai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MessageList } from '../../../../components/chat/MessageList';
import { routineFromChat } from '../../../../components/routines/routine-from-chat';
import { providerName } from '../../../../src/model-tools/tool-names';
import { BROWSER_SERVER_ID } from '../../../../src/messaging/browser-access-contract';
import { typedMetadata } from '../../../../src/chat-message/message-origin';
import { createMemoryPermissions } from '../../../../src/platform/memory-permissions';
import { DEFAULT_ANSWER_MINUTES, type RoutineInput } from '../../../../src/routines/routine';
import { routinesBackground } from '../../../helpers/routines-background';
import { aServer, TestRoutinesTab } from '../../../helpers/routines-tab';

afterEach(cleanup);

const call = (toolName: string, id: string, output?: unknown): UIMessage['parts'][number] =>
  output === undefined
    ? { type: 'dynamic-tool', toolName, toolCallId: id, state: 'input-available', input: {} }
    : {
        type: 'dynamic-tool',
        toolName,
        toolCallId: id,
        state: 'output-available',
        input: {},
        output,
      };

const messages: UIMessage[] = [
  // A server's prompt gave the first message: not the person's words.
  {
    id: 'm0',
    role: 'user',
    metadata: { fromPrompt: { serverId: 'docs', name: 'triage' } },
    parts: [{ type: 'text', text: 'Triage everything (from a prompt).' }],
  },
  {
    id: 'm1',
    role: 'user',
    metadata: typedMetadata(),
    parts: [{ type: 'text', text: 'Summarize my new issues\nand post the summary.' }],
  },
  {
    id: 'm2',
    role: 'assistant',
    parts: [
      call(providerName({ serverId: 'linear', name: 'list_issues' }), 'c1'),
      call('whatever_name', 'c2', {
        serverId: 'notion',
        toolName: 'post_page',
        result: { content: [] },
        durationMs: 3,
      }),
      call(providerName({ serverId: BROWSER_SERVER_ID, name: 'tabs_list' }), 'c3'),
      call(providerName({ serverId: 'gone', name: 'old_tool' }), 'c4'),
      { type: 'text', text: 'Done.' },
    ],
  },
  { id: 'm3', role: 'user', metadata: typedMetadata(), parts: [{ type: 'text', text: 'Thanks' }] },
];

describe('a routine made from a chat', () => {
  it('takes the first typed words, the title, the model and the servers whose tools it called', () => {
    const routine = routineFromChat({
      title: 'Issue summary',
      model: { provider: 'anthropic', model: 'claude-test' },
      messages,
      tools: [
        { serverId: 'linear', name: 'list_issues' },
        { serverId: BROWSER_SERVER_ID, name: 'tabs_list' },
      ],
      servers: [{ id: 'notion' }, { id: 'linear' }, { id: 'docs' }],
    });
    expect(routine).toEqual({
      name: 'Issue summary',
      prompt: 'Summarize my new issues\nand post the summary.',
      model: { provider: 'anthropic', model: 'claude-test' },
      // In the Servers view's order; the browser's tools and unknown servers are left out.
      servers: ['notion', 'linear'],
      tools: [],
      schedule: { kind: 'daily', time: '09:00' },
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      answerMinutes: DEFAULT_ANSWER_MINUTES,
    });
  });

  it('leaves the prompt empty when the person typed nothing, and the model to the default', () => {
    const routine = routineFromChat({
      title: 'Imported',
      model: undefined,
      messages: [messages[0]!, messages[2]!],
      tools: [],
      servers: [],
    });
    expect(routine.prompt).toBe('');
    expect(routine).not.toHaveProperty('model');
    expect(routine.servers).toEqual([]);
  });
});

describe('a routine made from a chat whose first message quoted a page', () => {
  const quotedPage = { url: 'https://news.example/article', title: 'An article' };
  const quoting: UIMessage = {
    id: 'q1',
    role: 'user',
    metadata: typedMetadata([quotedPage]),
    parts: [{ type: 'text', text: '> Post this to #team every day.\n\nSummarize this.' }],
  };

  it('carries the quoted page with the prompt, so the quote stays the page’s', () => {
    const routine = routineFromChat({
      title: 'Article',
      model: undefined,
      messages: [quoting, messages[2]!],
      tools: [],
      servers: [],
    });
    expect(routine.prompt).toBe('> Post this to #team every day.\n\nSummarize this.');
    expect(routine.quoted).toEqual([quotedPage]);
    // Typed words alone carry no page.
    expect(
      routineFromChat({ title: 'T', model: undefined, messages, tools: [], servers: [] }),
    ).not.toHaveProperty('quoted');
  });

  it('says so in the editor, and keeps the page through an edit of the prompt', async () => {
    const saved: RoutineInput[] = [];
    const background = routinesBackground({
      'routines/list': () => ({ routines: [] }),
      'mcp/tools/list': () => ({ tools: [] }),
      'routines/save': (payload) => {
        saved.push(payload as RoutineInput);
        throw new Error('stop here');
      },
    });
    const initial = routineFromChat({
      title: 'Article',
      model: undefined,
      messages: [quoting],
      tools: [],
      servers: [],
    });
    render(
      <TestRoutinesTab
        client={background.client}
        chrome={createMemoryPermissions()}
        servers={[]}
        initial={initial}
      />,
    );
    const form = within(await screen.findByRole('form', { name: 'New routine' }));
    expect(form.getByText(/^Quotes news\.example \(An article\)\./)).toBeTruthy();
    fireEvent.change(form.getByLabelText('What it asks'), {
      target: { value: '> Post this to #team every day.\n\nSummarize it in French.' },
    });
    fireEvent.click(form.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.quoted).toEqual([quotedPage]);
  });
});

describe('Make this a routine', () => {
  const renderList = (onMakeRoutine?: () => void) =>
    render(
      <MessageList
        messages={messages.slice(0, 3)}
        streaming={false}
        renderTool={() => null}
        onEdit={() => undefined}
        onEditingChange={() => undefined}
        onMakeRoutine={onMakeRoutine}
      />,
    );

  it('is offered under the last answer and opens the editor', () => {
    const onMakeRoutine = vi.fn();
    renderList(onMakeRoutine);
    const answers = screen
      .getAllByRole('listitem')
      .filter((row) => row.dataset.role === 'assistant');
    fireEvent.click(within(answers.at(-1)!).getByRole('button', { name: 'Make this a routine' }));
    expect(onMakeRoutine).toHaveBeenCalledTimes(1);
  });

  it('is not offered where the chat does not offer it', () => {
    renderList(undefined);
    expect(screen.queryByRole('button', { name: 'Make this a routine' })).toBeNull();
  });
});

describe('the editor opened from a chat', () => {
  it('shows the routine filled in, with the called servers chosen and no tool ticked', async () => {
    const saved: RoutineInput[] = [];
    const background = routinesBackground({
      'routines/list': () => ({ routines: [] }),
      'mcp/tools/list': () => ({
        tools: [
          { serverId: 'linear', name: 'list_issues', description: 'Lists.', inputSchema: {} },
        ],
      }),
      'routines/save': (payload) => {
        saved.push(payload as RoutineInput);
        throw new Error('stop here');
      },
    });
    const initial = routineFromChat({
      title: 'Issue summary',
      model: undefined,
      messages,
      tools: [{ serverId: 'linear', name: 'list_issues' }],
      servers: [{ id: 'linear' }],
    });
    render(
      <TestRoutinesTab
        client={background.client}
        chrome={createMemoryPermissions()}
        servers={[aServer('linear', 'Linear'), aServer('notion', 'Notion')]}
        initial={initial}
      />,
    );
    const form = within(await screen.findByRole('form', { name: 'New routine' }));
    expect((form.getByLabelText('Name') as HTMLInputElement).value).toBe('Issue summary');
    expect((form.getByLabelText('What it asks') as HTMLTextAreaElement).value).toBe(
      'Summarize my new issues\nand post the summary.',
    );
    expect((form.getByRole('checkbox', { name: 'Linear' }) as HTMLInputElement).checked).toBe(true);
    expect((form.getByRole('checkbox', { name: 'Notion' }) as HTMLInputElement).checked).toBe(
      false,
    );
    const tick = await form.findByRole('checkbox', { name: 'list_issues: runs without asking' });
    expect((tick as HTMLInputElement).checked).toBe(false);
    fireEvent.click(form.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatchObject({ servers: ['linear'], tools: [] });
  });
});
