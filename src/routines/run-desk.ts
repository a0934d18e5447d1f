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
import type { Routine, RoutineRun, RunOutcome, RunUsage } from './routine';
import { reportRun, resumeRun, takeOldestRun } from './run-changes';
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

export { LEASE_MS, withoutWait } from './run-changes';
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
      const resumed = await routines.update(resumeRun(chatId));
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
        const taken = await routines.update(takeOldestRun(now(), () => options.runner.stop()));
        if (!taken) return undefined;
        const work = await workFor(taken, options);
        if (!('runId' in work)) return work;
        await desk.report(work);
      }
    },

    /** How the runner's run stands: saved, announced, and the next alarm set. */
    async report(report: RunReport): Promise<RoutineRun | undefined> {
      const result = await routines.update(reportRun(report, now()));
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

/**
 * What the runner gets for a run it took: the run, its routine and model; or, when it cannot
 * run (its routine deleted, no model, its runners died too often), the report that ends it.
 */
async function workFor(taken: RoutineRun, options: RunDeskOptions): Promise<RunWork | RunReport> {
  const { routines: all } = await options.routines.read();
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
  if (taken.stopRequested) return { runId: taken.id, outcome: 'stopped' };
  return {
    runId: taken.id,
    outcome: 'failed',
    reason: broke
      ? `Its runner stopped ${MAX_ATTEMPTS} times before it finished.`
      : typeof settings === 'string'
        ? settings
        : 'The routine was deleted.',
  };
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
