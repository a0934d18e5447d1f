import 'fake-indexeddb/auto';
import { MockLanguageModelV4 } from 'ai/test';
import { simulateReadableStream } from 'ai';
import { describe, expect, it } from 'vitest';
import { definitionOf } from '../../../src/policy/grants';
import { CONTINUE_INSTRUCTION } from '../../../src/chat-turn/continue-answer';
import { createChatTransport } from '../../../src/chat-turn/chat-transport';
import { STOPPED_RUN } from '../../../src/chat/interrupted';
import { createIndexedDbConversationStore } from '../../../src/chat/history';
import { originOfMessage, type QuotedPage } from '../../../src/chat-message/message-origin';
import { createPatchbayClient, type MessageTransport } from '../../../src/messaging/client';
import type { ServerView, ToolView } from '../../../src/messaging/contract';
import type { RunWork } from '../../../src/messaging/routines-contract';
import type { RunReport } from '../../../src/routines/run-desk';
import { routineGrants, runRoutine } from '../../../src/routines/run-routine';
import { serverView } from '../../helpers/server-view';

const tool = (serverId: string, name: string, annotations?: ToolView['annotations']): ToolView => ({
  serverId,
  name,
  description: `${name} tool`,
  inputSchema: { type: 'object', properties: { text: { type: 'string' } } },
  ...(annotations && { annotations }),
});
const TOOLS = [
  tool('journal', 'echo', { readOnlyHint: true }),
  tool('journal', 'post_page'),
  tool('elsewhere', 'read_mail', { readOnlyHint: true }),
];
const server = serverView;

/** The background as the runner's client sees it: tools, servers, and calls that echo. */
function background(
  servers: ServerView[] = [server('journal', 'Journal'), server('elsewhere', 'Mail')],
) {
  const calls: string[] = [];
  const transport: MessageTransport = {
    async send(message) {
      const { type, payload } = message as { type: string; payload?: unknown };
      if (type === 'mcp/tools/list') return { ok: true, result: { tools: TOOLS } };
      if (type === 'mcp/servers/get') return { ok: true, result: { servers } };
      if (type.endsWith('/tool/call')) {
        const { name } = payload as { name: string };
        calls.push(name);
        return { ok: true, result: { content: [{ type: 'text', text: `${name} ran` }] } };
      }
      return { ok: false, error: { code: 'unknown-type', message: type } };
    },
    subscribe: () => () => undefined,
  };
  return { client: createPatchbayClient(transport), calls };
}

type Turn = { text: string } | { call: string; input: Record<string, unknown> };

/** A model that answers each request with the next turn, and records what it was offered. */
function scriptedModel(...turns: Turn[]) {
  const requests: { tools: string[]; prompt: string }[] = [];
  const model = new MockLanguageModelV4({
    doStream: async (options) => {
      requests.push({
        tools: (options.tools ?? []).map((each) => each.name),
        prompt: JSON.stringify(options.prompt),
      });
      const turn = turns[requests.length - 1] ?? { text: '(none)' };
      const usage = {
        inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined },
        outputTokens: { total: 5, text: 5, reasoning: undefined },
      };
      const body =
        'text' in turn
          ? [
              { type: 'text-start' as const, id: 't' },
              { type: 'text-delta' as const, id: 't', delta: turn.text },
              { type: 'text-end' as const, id: 't' },
            ]
          : [
              {
                type: 'tool-call' as const,
                toolCallId: `call-${requests.length}`,
                toolName: turn.call,
                input: JSON.stringify(turn.input),
              },
            ];
      return {
        stream: simulateReadableStream({
          chunks: [
            { type: 'stream-start' as const, warnings: [] },
            ...body,
            {
              type: 'finish' as const,
              finishReason: { unified: 'text' in turn ? 'stop' : 'tool-calls', raw: undefined },
              usage,
            },
          ],
        }),
      };
    },
  });
  return { model, requests };
}

let databases = 0;
function work(ticked: string[] = ['echo'], quoted?: QuotedPage[]): RunWork {
  const routine = {
    ...(quoted && { quoted }),
    id: 'r1',
    name: 'Morning summary',
    prompt: 'Summarize my journal.',
    servers: ['journal'],
    tools: TOOLS.filter((each) => each.serverId === 'journal' && ticked.includes(each.name)).map(
      (each) => ({ serverId: 'journal', name: each.name, definition: definitionOf(each) }),
    ),
    schedule: { kind: 'daily' as const, time: '08:00' },
    timeZone: 'Europe/Paris',
    answerMinutes: 60,
    paused: false,
    createdAt: 0,
    updatedAt: 0,
    nextRunAt: null,
  };
  return {
    run: {
      id: 'run-1',
      routineId: 'r1',
      chatId: 'chat-1',
      dueAt: 0,
      startedAt: 0,
      outcome: 'running',
    },
    routine,
    settings: { provider: 'compatible', baseUrl: 'http://127.0.0.1:9/v1', model: 'm' },
    approvalSecret: 'a'.repeat(43),
  };
}

async function run(
  turns: Turn[],
  options: { ticked?: string[]; servers?: ServerView[]; quoted?: QuotedPage[] } = {},
) {
  const { client, calls } = background(options.servers);
  const { model, requests } = scriptedModel(...turns);
  const history = createIndexedDbConversationStore(`routine-test-${(databases += 1)}`);
  const reports: RunReport[] = [];
  const given = work(options.ticked, options.quoted);
  const transport = (each: RunWork) =>
    createChatTransport({
      client,
      loadSettings: async () => each.settings,
      loadApprovals: async () => routineGrants(each.routine),
      loadApprovalSecret: async () => each.approvalSecret,
      createModel: () => model,
      servers: (serverId) => each.routine.servers.includes(serverId),
    });
  const go = () =>
    runRoutine(given, {
      client,
      history,
      transport,
      report: async (report) => void reports.push(report),
      timeLabel: () => '30 Nov, 08:00',
    });
  await go();
  return { reports, requests, calls, history, go, given };
}

describe('a routine run', () => {
  it('runs its ticked tools unasked, offers only its servers’ tools, and ends done', async () => {
    const { reports, requests, calls, history } = await run([
      { call: 'journal__echo', input: { text: 'hi' } },
      { text: 'All summed up.' },
    ]);
    expect(calls).toEqual(['echo']);
    expect(requests[0]?.tools.sort()).toEqual(['journal__echo', 'journal__post_page']);
    expect(reports).toEqual([
      { runId: 'run-1', outcome: 'done', usage: { inputTokens: 20, outputTokens: 10 } },
    ]);
    const chat = await history.get('chat-1');
    expect(chat?.title).toBe('Morning summary · 30 Nov, 08:00');
    expect(chat?.model).toEqual({ provider: 'compatible', model: 'm' });
    expect(chat?.routineId).toBe('r1');
    // The prompt is the person's words, written in the routine's editor.
    expect(originOfMessage(chat!.messages[0]!).typed).toBe(true);
    expect(chat?.messages.at(-1)?.parts.some((part) => part.type === 'text')).toBe(true);
    expect(chat?.interrupted).toEqual([]);
  });

  it('pauses at a call outside its ticked tools, saying which', async () => {
    const { reports, calls, history } = await run([
      { call: 'journal__post_page', input: { text: 'today' } },
    ]);
    expect(calls).toEqual([]);
    expect(reports).toEqual([
      expect.objectContaining({ outcome: 'waiting', waitingFor: 'post_page on Journal' }),
    ]);
    const parts = (await history.get('chat-1'))?.messages.at(-1)?.parts ?? [];
    expect(parts.some((part) => 'state' in part && part.state === 'approval-requested')).toBe(true);
  });

  it('settles a waiting run the person stopped: its call is cancelled, the model not asked', async () => {
    const { reports, requests, history, go, given } = await run([
      { call: 'journal__post_page', input: { text: 'today' } },
    ]);
    const asked = requests.length;
    given.run = { ...given.run, stopRequested: true };
    await go();
    expect(requests).toHaveLength(asked);
    expect(reports.map((report) => report.outcome)).toEqual(['waiting', 'stopped']);
    const chat = await history.get('chat-1');
    const call = chat?.messages.at(-1)?.parts.find((part) => 'toolCallId' in part);
    expect(call).toMatchObject({ state: 'output-error', errorText: STOPPED_RUN });
    expect(chat?.interrupted).toEqual([]);
  });

  it('asks again for a ticked tool once the chat holds a server’s words', async () => {
    const { reports, calls } = await run([
      { call: 'journal__echo', input: { text: 'first' } },
      { call: 'journal__echo', input: { text: 'second' } },
    ]);
    // The first result is the server's text: the same tool could now send it out.
    expect(calls).toEqual(['echo']);
    expect(reports[0]).toMatchObject({ outcome: 'waiting', waitingFor: 'echo on Journal' });
  });

  it('asks even for a ticked tool when its prompt quotes a page: those words are the page’s', async () => {
    const page = { url: 'https://news.example/article', title: 'An article' };
    const { reports, calls, history } = await run(
      [{ call: 'journal__echo', input: { text: 'hi' } }],
      { quoted: [page] },
    );
    expect(calls).toEqual([]);
    expect(reports[0]).toMatchObject({ outcome: 'waiting', waitingFor: 'echo on Journal' });
    const origin = originOfMessage((await history.get('chat-1'))!.messages[0]!);
    expect(origin).toMatchObject({ typed: true, quoted: [page] });
  });

  it('does not run when a server it uses cannot answer, and says why', async () => {
    const { reports, requests } = await run([{ text: 'never' }], {
      servers: [server('journal', 'Journal', { status: { state: 'needs-auth' } })],
    });
    expect(requests).toEqual([]);
    expect(reports).toEqual([
      {
        runId: 'run-1',
        outcome: 'failed',
        reason: 'The sign-in to Journal expired.',
        signIn: ['journal'],
        onlySignIn: true,
      },
    ]);
    const off = await run([{ text: 'never' }], {
      servers: [server('journal', 'Journal', { isEnabled: false })],
    });
    expect(off.reports[0]?.reason).toBe('Journal is switched off.');
  });

  it('resumes an answer cut off mid-stream from where it was saved', async () => {
    const { history, go, requests, reports } = await run([{ text: 'Part one' }]);
    const chat = (await history.get('chat-1'))!;
    // As a runner that died mid-answer left it: the answer saved while streaming.
    const answer = chat.messages.at(-1)!;
    await history.putMessage('chat-1', answer, { state: 'streaming' });
    reports.length = 0;
    await go();
    expect(requests).toHaveLength(2);
    expect(requests[1]?.prompt).toContain(CONTINUE_INSTRUCTION);
    expect(reports[0]?.outcome).toBe('done');
    expect((await history.get('chat-1'))?.interrupted).toEqual([]);
  });
});
