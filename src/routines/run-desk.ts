/**
 * The runner's side of routines, and the person's answer to a waiting run: the runner takes
 * the oldest run going on, with the model it runs with, and reports each step; a waiting run's
 * chat, finished in the panel after the person answered, settles the run.
 */
import { activeSettings, loadModelChoice } from '../models/model-choice';
import { settingsForChat } from '../models/chat-model';
import { loadApprovalSecret } from '../chat-approval/approval-secret';
import type { RunWork } from '../messaging/routines-contract';
import type { KeyValueStore } from '../platform/ports';
import {
  isSettled,
  type Routine,
  type RoutineRun,
  type RunOutcome,
  type RunUsage,
} from './routine';
import type { RoutineNotices } from './routine-notices';
import type { RoutineStore } from './routine-store';

/** Where runs happen: an offscreen document the worker starts, and closes once idle. */
export interface RoutineRunner {
  /** Opens the runner unless it is open (after a close under way). */
  start(): Promise<void>;
  stop(): Promise<void>;
}

export interface RunReport {
  runId: string;
  /** 'stopped' counts only for a run the person stopped (`stopRequested`). */
  outcome: RunOutcome;
  reason?: string;
  waitingFor?: string;
  usage?: RunUsage;
  signIn?: string[];
  onlySignIn?: boolean;
}

/** How long a runner's run is its own without word from it (it reports every 30 s). */
export const LEASE_MS = 90_000;
/** Times a run may be taken by a runner that then died, before it is failed. */
export const MAX_ATTEMPTS = 3;

export interface RunDeskOptions {
  routines: RoutineStore;
  notices: RoutineNotices;
  store: KeyValueStore;
  runner: RoutineRunner;
  now(): number;
  /** After a run changed: the next alarm set, and pages told. */
  afterChange(): Promise<void>;
}

export function createRunDesk(options: RunDeskOptions) {
  const { routines, notices, now } = options;
  const desk = {
    /**
     * The person answered the calls a run waits for, in its chat: it goes on in the runner,
     * which reads the answers from the chat.
     */
    async resume(chatId: string): Promise<RoutineRun | undefined> {
      const resumed = await routines.update(({ runs }) => {
        const run = runs.find((each) => each.chatId === chatId && each.outcome === 'waiting');
        if (!run) return { result: undefined };
        const { leaseUntil, ...rest } = withoutWait(run);
        void leaseUntil;
        const next: RoutineRun = { ...rest, outcome: 'running', attempts: 0 };
        return { runs: runs.map((each) => (each.id === run.id ? next : each)), result: next };
      });
      if (resumed) await options.afterChange();
      return resumed;
    },

    /**
     * The runner's next run: the oldest one going on (a resumed one first), with its model and
     * a lease the runner renews as it goes. With none left, the runner is closed, before any
     * other change to runs (a run made meanwhile starts a new runner).
     */
    async take(): Promise<RunWork | undefined> {
      for (;;) {
        const taken = await routines.update(async ({ runs }) => {
          const run = runs.filter((each) => each.outcome === 'running').at(-1);
          if (!run) {
            await options.runner.stop();
            return { result: undefined };
          }
          const attempts = (run.attempts ?? 0) + 1;
          const next: RoutineRun = { ...run, attempts, leaseUntil: now() + LEASE_MS };
          return { runs: runs.map((each) => (each.id === run.id ? next : each)), result: next };
        });
        if (!taken) return undefined;
        const { routines: all } = await routines.read();
        const routine = all.find((each) => each.id === taken.routineId);
        const settings = routine && (await runSettings(options.store, routine));
        const broke = (taken.attempts ?? 1) > MAX_ATTEMPTS;
        const usable = settings && typeof settings !== 'string' ? settings : undefined;
        // A run the person stopped needs no model: the runner settles its chat, then reports it.
        if (routine && !broke && (usable || taken.stopRequested)) {
          return {
            run: taken,
            routine,
            ...(usable && { settings: usable }),
            approvalSecret: await loadApprovalSecret(options.store),
          };
        }
        if (taken.stopRequested) {
          await desk.report({ runId: taken.id, outcome: 'stopped' });
          continue;
        }
        await desk.report({
          runId: taken.id,
          outcome: 'failed',
          reason: broke
            ? `Its runner stopped ${MAX_ATTEMPTS} times before it finished.`
            : typeof settings === 'string'
              ? settings
              : 'The routine was deleted.',
        });
      }
    },

    /** How the runner's run stands: saved, announced, and the next alarm set. */
    async report(report: RunReport): Promise<RoutineRun | undefined> {
      const at = now();
      const result = await routines.update(({ routines: all, runs }) => {
        const run = runs.find((each) => each.id === report.runId);
        const routine = run && all.find((each) => each.id === run.routineId);
        if (!run || !routine || isSettled(run)) return { result: undefined };
        if (report.outcome === 'stopped' && !run.stopRequested) return { result: undefined };
        // A run the person stopped does not wait for them: a runner settles it (take, below).
        const outcome =
          run.stopRequested && report.outcome === 'waiting' ? 'running' : report.outcome;
        const next: RoutineRun = {
          ...withoutWait(run),
          outcome,
          // Still going: the runner is alive until a while from now.
          ...(outcome === 'running' && { leaseUntil: at + LEASE_MS }),
          ...(report.reason !== undefined && { reason: report.reason }),
          ...(report.usage && { usage: report.usage }),
          ...(outcome === 'waiting' && {
            waitingFor: report.waitingFor ?? 'a tool call',
            answerBy: at + routine.answerMinutes * 60_000,
          }),
          ...(isSettled({ outcome }) && { endedAt: at }),
        };
        return {
          runs: runs.map((each) => (each.id === run.id ? next : each)),
          result: { run: next, routine, changed: next.outcome !== run.outcome },
        };
      });
      if (!result) return undefined;
      if (result.changed) {
        await notices.ended(result.routine, result.run, {
          signIn: report.signIn ?? [],
          onlySignIn: report.onlySignIn ?? false,
        });
      }
      // Its servers answered: an expiry after this is news again.
      if (result.run.outcome === 'done' || result.run.outcome === 'waiting') {
        await notices.signedIn(result.routine.servers);
      }
      await options.afterChange();
      return result.run;
    },
  };
  return desk;
}

/** The settings a routine's model runs with, or why it cannot run. */
async function runSettings(store: KeyValueStore, routine: Routine) {
  const choice = await loadModelChoice(store);
  const settings = routine.model ? settingsForChat(choice, routine.model) : activeSettings(choice);
  if (!settings) return 'No model is set up: set one up in Settings.';
  if (settings.provider === 'chrome') {
    return 'Chrome’s on-device model runs only in the open side panel: choose another model for this routine.';
  }
  return settings;
}

export function withoutWait(run: RoutineRun): RoutineRun {
  const { waitingFor, answerBy, ...rest } = run;
  void waitingFor;
  void answerBy;
  return rest;
}
