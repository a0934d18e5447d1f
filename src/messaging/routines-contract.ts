/**
 * The message contract for routines (src/routines/): the Routines view lists, saves, pauses,
 * runs and removes them; the routine runner (an offscreen document's worker the background
 * starts when a run is due) takes its run and reports each step.
 */
import { z } from 'zod';
import { modelSettingsSchema } from '../models/model-settings';
import {
  routineInputSchema,
  routineSchema,
  routineViewSchema,
  runOutcomeSchema,
  runSchema,
  usageSchema,
} from '../routines/routine';

const idPayload = z.object({ id: z.string().min(1) });

/** What a runner needs to run one step of a routine's chat. */
export const runWorkSchema = z.object({
  run: runSchema,
  routine: routineSchema,
  /**
   * The provider's settings for the routine's model (its key among them: extension pages only).
   * None for a run the person stopped whose model cannot run: the runner only settles its chat.
   */
  settings: modelSettingsSchema.optional(),
  /** This install's key for signing approvals (src/chat-approval/approval-secret.ts). */
  approvalSecret: z.string(),
});
export type RunWork = z.infer<typeof runWorkSchema>;

export const routinesGlobalRequests = {
  'routines/list': z.undefined().or(z.object({}).strict()),
  /** Creates (no id) or edits a routine. */
  'routines/save': routineInputSchema,
  'routines/remove': idPayload,
  'routines/pause': z.object({ id: z.string().min(1), paused: z.boolean() }),
  /** Stops its run under way (running or waiting for the person), if it has one. */
  'routines/stop': idPayload,
  /** Runs it now, whatever its schedule (one run at a time per routine). */
  'routines/run-now': idPayload,
  /** A routine's recent runs, newest first. */
  'routines/runs': z.object({ routineId: z.string().min(1) }),
  /** The run (waiting for the person) whose chat this is, if any. */
  'routines/run-of-chat': z.object({ chatId: z.string().min(1) }),
  /**
   * The person answered the calls a run waits for, in its chat (the answers are saved there):
   * the run goes on in the background, with the routine's servers and grants.
   */
  'routines/run/resume': z.object({ chatId: z.string().min(1) }),
  /** The runner: the next run to work on (none when nothing is due). */
  'routines/runner/take': z.undefined().or(z.object({}).strict()),
  /** The runner: how its run stands after a step. */
  'routines/runner/report': z.object({
    runId: z.string().min(1),
    // 'stopped' counts only for a run the person stopped (run-desk.ts).
    outcome: runOutcomeSchema,
    reason: z.string().max(500).optional(),
    waitingFor: z.string().max(300).optional(),
    usage: usageSchema.optional(),
    /** Servers the run could not use because their sign-in ended (ids): asked about once. */
    signIn: z.array(z.string()).max(50).optional(),
    /** Those sign-ins are the whole reason (nothing else stopped the run). */
    onlySignIn: z.boolean().optional(),
  }),
} as const;

export const routinesGlobalResults = {
  'routines/list': z.object({ routines: z.array(routineViewSchema) }),
  'routines/save': z.object({ routine: routineViewSchema }),
  'routines/remove': z.object({ removed: z.boolean() }),
  'routines/pause': z.object({ routine: routineViewSchema }),
  'routines/stop': z.object({ run: runSchema.optional() }),
  'routines/run-now': z.object({ run: runSchema }),
  'routines/runs': z.object({ runs: z.array(runSchema) }),
  'routines/run-of-chat': z.object({ run: runSchema.optional() }),
  'routines/run/resume': z.object({ run: runSchema.optional() }),
  'routines/runner/take': z.object({ work: runWorkSchema.optional() }),
  'routines/runner/report': z.object({ run: runSchema.optional() }),
} as const;

export const routinesBroadcasts = [
  /** A routine was saved, paused, removed, or one of its runs moved on. */
  z.object({
    type: z.literal('routines/changed'),
    payload: z.object({ routines: z.array(routineViewSchema) }),
  }),
] as const;
