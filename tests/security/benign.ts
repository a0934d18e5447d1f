/**
 * The benign trust suite: a person who uses four servers daily (benign-servers.ts), the browser
 * and a shop's own tools (benign-shop.ts) pressed "Always allow this tool" on each tool they use,
 * then asks for ordinary work (benign-tasks.ts). A scripted model does
 * what they asked, in the natural order (reads first, then the write they feed), through the
 * chat's real transport and approval policy. Every call that asks is counted (and approved, as
 * the person would, so the task goes on): the number to keep low is the share of calls that
 * asked again after the person's Always allow. `npm run bench -- trust` prints it by task kind.
 */
import { readUIMessageStream, type UIMessage, type UIMessageChunk } from 'ai';
import { allowAlways, type ApprovalSettings } from '../../src/policy/grants';
import { createChatBrowserTools } from '../../src/browser-access/chat-browser-tools';
import type { BrowserAccessService } from '../../src/browser-access/browser-access-service';
import { createBrowserTools } from '../../src/browser-tools/browser-tools';
import { createChatTransport } from '../../src/chat-turn/chat-transport';
import { createLanguageModel } from '../../src/models/model';
import { BROWSER_SERVER_ID } from '../../src/messaging/browser-access-contract';
import { createPatchbayClient } from '../../src/messaging/client';
import { createRouter } from '../../src/messaging/router';
import { createMemoryStore } from '../../src/platform/memory';
import { startScriptedOpenAI, type RecordedRequest } from '../fixtures/scripted-openai';
import { createHarness } from '../helpers/manager-harness';
import type { CorpusServer } from './attack-servers';
import { startCalendar, startDocs, startTeamChat, startTracker } from './benign-servers';
import { benignBrowser, NEWS, SHOP } from './benign-shop';
import { TYPED_METADATA } from './world';

import { WITH_SERVERS, type BenignTask, type TaskKind } from './benign-tasks';
import { IN_THE_BROWSER } from './benign-tasks-browser';

export const TASKS: BenignTask[] = [...WITH_SERVERS, ...IN_THE_BROWSER];

export interface TaskOutcome {
  task: BenignTask;
  /** Each call in order: whether it asked, and the card's reason. */
  calls: { tool: string; asked: boolean; reason?: string }[];
  /** What the servers' writers received. */
  written: string[];
}

/** Runs one task in a world of its own; a call that asks is approved, as the person would. */
export async function runTask(task: BenignTask): Promise<TaskOutcome> {
  const closers: (() => Promise<unknown>)[] = [];
  try {
    const servers: CorpusServer[] = [
      await startTracker(),
      await startTeamChat(),
      await startDocs(),
      await startCalendar(),
    ];
    for (const server of servers) closers.push(() => server.close());
    const model = await startScriptedOpenAI();
    closers.push(() => model.close());
    let next = 0;
    model.script(
      ...Array.from({ length: task.steps.length * 2 + 2 }, () => ({
        type: 'decide' as const,
        decide(request: RecordedRequest) {
          const step = task.steps[next];
          if (!step) return { type: 'text' as const, text: 'Done.' };
          next += 1;
          return {
            type: 'tool-call' as const,
            toolName: offered(request, step.tool),
            input: step.input,
          };
        },
      })),
    );
    const harness = createHarness();
    closers.push(() => harness.dispose());
    const browser = benignBrowser(task.tab ?? 'news');
    const router = createRouter({
      manager: harness.manager,
      skills: harness.skills,
      extensionId: 'self',
      pageTools: browser.pageTools,
      browserAccess: createChatBrowserTools(
        createBrowserTools(browser.control),
        async () => true,
        createMemoryStore(),
      ) as unknown as BrowserAccessService,
    });
    const client = createPatchbayClient({
      send: (message) => router.handle(message, { id: 'self', origin: 'chrome-extension://self' }),
      subscribe: (listener) => harness.broadcaster.listen(listener),
    });
    for (const [server, name] of [
      [servers[0]!, 'Tracker'],
      [servers[1]!, 'Team chat'],
      [servers[2]!, 'Docs'],
      [servers[3]!, 'Calendar'],
    ] as const)
      await harness.addAndEnable(server.mcpUrl, name);
    // The person pressed Always allow on each tool they use: the servers', the shop's, and the
    // browser's reading tools on the article and the shop, and its list of tabs.
    let approvals: ApprovalSettings = {};
    for (const view of (await client.request('mcp/tools/list')).tools) {
      if (view.serverId !== BROWSER_SERVER_ID) approvals = allowAlways(approvals, view);
      else if (view.name === 'tabs_list') approvals = allowAlways(approvals, view, null);
      else if (view.name === 'read_page')
        for (const origin of [new URL(NEWS).origin, new URL(SHOP).origin])
          approvals = allowAlways(approvals, view, origin);
    }
    const transport = createChatTransport({
      client,
      loadSettings: async () => ({ provider: 'compatible', baseUrl: model.baseUrl, model: 'm' }),
      loadApprovals: async () => approvals,
      loadApprovalSecret: async () => 'the benign suite install’s approval secret, long enough',
      createModel: (current) => createLanguageModel(current),
    });

    const calls: TaskOutcome['calls'] = [];
    const seen = new Set<string>();
    let messages: UIMessage[] = [
      {
        id: 'typed',
        role: 'user',
        metadata: TYPED_METADATA,
        parts: [{ type: 'text', text: task.typed }],
      },
    ];
    for (let round = 0; round <= task.steps.length; round += 1) {
      const stream = await transport.sendMessages({
        trigger: 'submit-message',
        chatId: 'benign',
        messageId: undefined,
        messages,
        abortSignal: undefined,
      });
      const [chunks, answer] = await collect(stream, messages.at(-1));
      for (const chunk of chunks) {
        if (chunk.type !== 'tool-input-available') continue;
        const card = chunks.find(
          (each) => each.type === 'tool-approval-request' && each.toolCallId === chunk.toolCallId,
        ) as { reason?: string } | undefined;
        if (seen.has(chunk.toolCallId)) continue;
        seen.add(chunk.toolCallId);
        calls.push({
          tool: chunk.toolName,
          asked: card !== undefined,
          ...(card?.reason !== undefined && { reason: card.reason }),
        });
      }
      const asking = answer.parts.filter(
        (part) => part.type === 'dynamic-tool' && part.state === 'approval-requested',
      );
      if (!asking.length) break;
      // The person approves: the transport runs the call and the model goes on.
      const approved: UIMessage = {
        ...answer,
        parts: answer.parts.map((part) =>
          part.type === 'dynamic-tool' && part.state === 'approval-requested'
            ? {
                ...part,
                state: 'approval-responded',
                approval: { ...part.approval, approved: true },
              }
            : part,
        ),
      };
      messages = [...messages.filter((message) => message.id !== approved.id), approved];
    }
    return { task, calls, written: [...servers.flatMap((server) => server.sent), ...browser.cart] };
  } finally {
    for (const close of closers.reverse()) await close().catch(() => undefined);
  }
}

/** The offered name of `tool` (the chat prefixes a server's tools with its key). */
function offered(request: RecordedRequest, tool: string): string {
  const body = request.body as { tools?: { function?: { name?: string } }[] };
  const names = (body.tools ?? []).map((each) => each.function?.name ?? '');
  return names.find((name) => name === tool || name.endsWith(`__${tool}`)) ?? tool;
}

/** The stream's chunks, and the assistant message they make (continuing `last` if it is one). */
async function collect(
  stream: ReadableStream<UIMessageChunk>,
  last: UIMessage | undefined,
): Promise<[UIMessageChunk[], UIMessage]> {
  const chunks: UIMessageChunk[] = [];
  const [forChunks, forMessage] = stream.tee();
  const reading = (async () => {
    const reader = forChunks.getReader();
    for (let next = await reader.read(); !next.done; next = await reader.read())
      chunks.push(next.value);
  })();
  let answer: UIMessage | undefined;
  for await (const message of readUIMessageStream({
    stream: forMessage,
    ...(last?.role === 'assistant' && { message: last }),
  }))
    answer = message;
  await reading;
  if (!answer) throw new Error('The chat answered nothing.');
  return [chunks, answer];
}

/** Benign calls that asked, by task kind: [asked, calls]. */
export function benignTable(outcomes: readonly TaskOutcome[]): string {
  const kinds = new Map<TaskKind, [number, number]>();
  for (const outcome of outcomes) {
    const [asked, all] = kinds.get(outcome.task.kind) ?? [0, 0];
    kinds.set(outcome.task.kind, [
      asked + outcome.calls.filter((call) => call.asked).length,
      all + outcome.calls.length,
    ]);
  }
  const rows = [...kinds].map(
    ([kind, [asked, all]]) =>
      `  ${kind.padEnd(20)} ${String(asked).padStart(3)} of ${String(all).padStart(3)} asked again`,
  );
  const asked = outcomes.flatMap((outcome) => outcome.calls).filter((call) => call.asked).length;
  const all = outcomes.flatMap((outcome) => outcome.calls).length;
  return [
    `Benign calls asked again after Always allow (${outcomes.length} tasks):`,
    ...rows,
    `  ${'all'.padEnd(20)} ${String(asked).padStart(3)} of ${String(all).padStart(3)} (${((asked / Math.max(all, 1)) * 100).toFixed(0)}%)`,
  ].join('\n');
}
