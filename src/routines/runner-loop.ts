/**
 * The routine runner's loop: takes the background's runs one by one until none is left. A run
 * that breaks off (the background restarted under it) is taken again and resumes from its last
 * saved step; one that keeps breaking is reported failed.
 */
import { createChatTransport } from '../chat-turn/chat-transport';
import { createLanguageModel } from '../models/model';
import { createIndexedDbConversationStore, type ConversationStore } from '../chat/history';
import type { PatchbayClient } from '../messaging/client';
import { cutReason, isSettled, type RoutineRun } from './routine';
import type { RunReport } from './run-desk';
import { routineGrants, runRoutine, type RunRoutineOptions } from './run-routine';

const RETRY_MS = 2000;
/** How often the runner tells the background its run goes on (its lease: run-desk.ts). */
export const ALIVE_EVERY_MS = 30_000;
/** Times one run may break off before it is reported failed. */
const ATTEMPTS = 3;

const pause = (ms: number) => new Promise((done) => setTimeout(done, ms));

export interface RunnerLoopOptions {
  history?: ConversationStore;
  transport?: RunRoutineOptions['transport'];
  retryMs?: number;
  aliveEveryMs?: number;
}

export async function runnerLoop(
  client: PatchbayClient,
  options: RunnerLoopOptions = {},
): Promise<void> {
  const history = options.history ?? createIndexedDbConversationStore();
  const retryMs = options.retryMs ?? RETRY_MS;
  const transport: RunRoutineOptions['transport'] =
    options.transport ??
    ((work) =>
      createChatTransport({
        client,
        loadSettings: async () => work.settings,
        // Only the routine's ticked tools run unasked, and only while the chat is the person's.
        loadApprovals: async () => routineGrants(work.routine),
        loadApprovalSecret: async () => work.approvalSecret,
        createModel: (settings) => createLanguageModel(settings),
        servers: (serverId) => work.routine.servers.includes(serverId),
      }));
  const report = async (value: RunReport) => {
    for (let attempt = 1; ; attempt += 1) {
      try {
        await client.request('routines/runner/report', value);
        return;
      } catch (error) {
        if (attempt >= ATTEMPTS) throw error;
        await pause(retryMs);
      }
    }
  };
  const brokeOff = new Map<string, number>();
  for (let idle = 0; idle < ATTEMPTS;) {
    let run: RoutineRun | undefined;
    try {
      const { work } = await client.request('routines/runner/take');
      if (!work) return;
      idle = 0;
      run = work.run;
      const runId = run.id;
      // The person stopped the run or deleted its routine: the run lets go at once (its model
      // request, and a tool call under way, which the server is told to cancel).
      const stopped = new AbortController();
      const stopListening = client.onBroadcast((message) => {
        if (message.type !== 'routines/changed') return;
        const routine = message.payload.routines.find((each) => each.id === work.routine.id);
        // The routine's newest run is this one while it goes on (one open run per routine).
        if (!routine || !isOurs(routine.lastRun, runId)) stopped.abort();
      });
      // Its word that it is alive: the answer is the run as it stands, none once it is over or
      // gone. Said once now too, for a stop made before the broadcasts were heard.
      const sayAlive = () =>
        void client
          .request('routines/runner/report', { runId, outcome: 'running' })
          .then((answer) => !isOurs(answer.run, runId) && stopped.abort())
          .catch(() => undefined);
      sayAlive();
      const alive = setInterval(sayAlive, options.aliveEveryMs ?? ALIVE_EVERY_MS);
      try {
        await runRoutine(work, { client, history, transport, report, signal: stopped.signal });
      } finally {
        clearInterval(alive);
        stopListening();
      }
    } catch (error) {
      if (!run) {
        idle += 1; // the background is restarting: ask again
      } else {
        const times = (brokeOff.get(run.id) ?? 0) + 1;
        brokeOff.set(run.id, times);
        if (times >= ATTEMPTS) {
          const reason = error instanceof Error ? error.message : String(error);
          await report({
            runId: run.id,
            outcome: 'failed',
            reason: cutReason(`It broke off: ${reason}`),
          }).catch(() => undefined);
        }
      }
      await pause(retryMs);
    }
  }
}

/** Whether `run` is the runner's run `runId`, still going on and not stopped by the person. */
function isOurs(run: RoutineRun | undefined, runId: string): boolean {
  return run?.id === runId && !isSettled(run) && !run.stopRequested;
}
