/**
 * The runner's side of routines, and the person's answer to a waiting run: the runner takes
 * the oldest run going on, with the model it runs with, and reports each step; a waiting run's
 * chat, finished in the panel after the person answered, settles the run.
 */
import { activeSettings, loadModelChoice } from '../ai/model-choice';
import { settingsForChat } from '../ai/chat-model';
import { loadApprovalSecret } from '../ai/approval-secret';
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
  start(): Promise<void>;
  stop(): Promise<void>;
}

export interface RunReport {
  runId: string;
  outcome: RunOutcome;
  reason?: string;
  waitingFor?: string;
  usage?: RunUsage;
  signIn?: string[];
}

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
    /** The person answered a waiting run in its chat, and the panel finished the turn. */
    async settle(
      chatId: string,
      outcome: 'done' | 'failed',
      details: { reason?: string; usage?: RunUsage },
    ): Promise<boolean> {
      const settled = await routines.update(({ runs }) => {
        const run = runs.find((each) => each.chatId === chatId && each.outcome === 'waiting');
        if (!run) return { result: false };
        const next: RoutineRun = {
          ...withoutWait(run),
          outcome,
          endedAt: now(),
          ...(details.reason !== undefined && { reason: details.reason }),
          ...(details.usage && { usage: details.usage }),
        };
        return { runs: runs.map((each) => (each.id === run.id ? next : each)), result: true };
      });
      if (settled) await options.afterChange();
      return settled;
    },

    /** The runner's next run: the oldest one going on (a resumed one first), with its model. */
    async take(): Promise<RunWork | undefined> {
      for (;;) {
        const { routines: all, runs } = await routines.read();
        const run = runs.filter((each) => each.outcome === 'running').at(-1);
        if (!run) {
          await options.runner.stop();
          return undefined;
        }
        const routine = all.find((each) => each.id === run.routineId);
        const settings = routine && (await runSettings(options.store, routine));
        if (routine && settings && typeof settings !== 'string') {
          return {
            run,
            routine,
            settings,
            approvalSecret: await loadApprovalSecret(options.store),
          };
        }
        await desk.report({
          runId: run.id,
          outcome: 'failed',
          reason: typeof settings === 'string' ? settings : 'The routine was deleted.',
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
        const next: RoutineRun = {
          ...withoutWait(run),
          outcome: report.outcome,
          ...(report.reason !== undefined && { reason: report.reason }),
          ...(report.usage && { usage: report.usage }),
          ...(report.outcome === 'waiting' && {
            waitingFor: report.waitingFor ?? 'a tool call',
            answerBy: at + routine.answerMinutes * 60_000,
          }),
          ...(isSettled(report) && { endedAt: at }),
        };
        return {
          runs: runs.map((each) => (each.id === run.id ? next : each)),
          result: { run: next, routine, changed: next.outcome !== run.outcome },
        };
      });
      if (!result) return undefined;
      if (result.changed) await notices.ended(result.routine, result.run, report.signIn ?? []);
      // Its servers answered: an expiry after this is news again.
      if (result.run.outcome === 'done') await notices.signedIn(result.routine.servers);
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
