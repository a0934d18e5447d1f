/**
 * A routine: a saved prompt the worker runs on a schedule with the model and servers the person
 * chose, and the tools they ticked to run without asking (while the run's chat holds nothing
 * but their words: src/policy/call-policy.ts). Each run is a chat of its own, marked with the
 * routine's name and the time it ran.
 */
import { z } from 'zod';
import { chatModelSchema } from '../models/chat-model-schema';
import { quotedPageSchema } from '../chat-message/message-origin';
import { BROWSER_SERVER_ID } from '../messaging/browser-access-contract';
import { PAGE_TOOLS_SERVER_ID } from '../messaging/page-tools-contract';
import { scheduleSchema } from './schedule';

const NOT_FOR_ROUTINES = new Set([BROWSER_SERVER_ID, PAGE_TOOLS_SERVER_ID]);

/** A tool ticked to run unasked, as the server described it when ticked: a change asks again. */
export const tickedToolSchema = z.object({
  serverId: z.string().min(1),
  name: z.string().min(1),
  definition: z.object({
    description: z.string(),
    inputSchema: z.string(),
    annotations: z.string(),
  }),
});
export type TickedTool = z.infer<typeof tickedToolSchema>;

/** How long a paused run waits for the person's answer by default, in minutes. */
export const DEFAULT_ANSWER_MINUTES = 60;
export const MAX_PROMPT_CHARS = 20_000;
export const MAX_NAME_CHARS = 80;

/** What the person sets; the rest of a {@link Routine} is Patchbay's. */
export const routineInputSchema = z.object({
  /** Absent for a new routine. */
  id: z.string().min(1).optional(),
  name: z.string().trim().min(1, 'Name the routine.').max(MAX_NAME_CHARS),
  prompt: z.string().trim().min(1, 'Write what the routine should do.').max(MAX_PROMPT_CHARS),
  /**
   * Pages whose text the prompt quotes (made from a chat whose first message quoted a page): the
   * prompt is not all the person's words, so each run's chat holds text from those pages and
   * its calls are judged so (src/policy/chat-sources.ts).
   */
  quoted: z.array(quotedPageSchema).max(20).optional(),
  /** The model it runs with; the chat's default model when absent. */
  model: chatModelSchema.optional(),
  /**
   * The servers whose tools it may use (ids): remote servers only. The browser's own tools and
   * websites' tools act in the person's tabs, which a run with nobody watching does not.
   */
  servers: z
    .array(
      z
        .string()
        .min(1)
        .refine((id) => !NOT_FOR_ROUTINES.has(id), 'Routines use remote servers only.'),
    )
    .max(50),
  tools: z.array(tickedToolSchema).max(500),
  schedule: scheduleSchema,
  /** An IANA time zone, the person's when they made it. */
  timeZone: z.string().min(1),
  /** How long a run waits for an answer before it ends, in minutes. */
  answerMinutes: z
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(DEFAULT_ANSWER_MINUTES),
});
export type RoutineInput = z.input<typeof routineInputSchema>;

export const runOutcomeSchema = z.enum([
  /** The run is going on. */
  'running',
  /** A call waits for the person (see `waitingFor`). */
  'waiting',
  'done',
  'failed',
  /** Nobody answered in time. */
  'timed-out',
  /** The person stopped it (Stop in the Routines tab). */
  'stopped',
]);
export type RunOutcome = z.infer<typeof runOutcomeSchema>;

export const usageSchema = z.object({
  inputTokens: z.number().int().nonnegative(),
  outputTokens: z.number().int().nonnegative(),
});
export type RunUsage = z.infer<typeof usageSchema>;

export const runSchema = z.object({
  id: z.string().min(1),
  routineId: z.string().min(1),
  /** The chat the run writes (history's conversation id). */
  chatId: z.string().min(1),
  /** When the run was due (or asked for with Run now). */
  dueAt: z.number(),
  startedAt: z.number(),
  endedAt: z.number().optional(),
  outcome: runOutcomeSchema,
  /** Why it failed or stopped, for people: "Sign-in expired on Linear". */
  reason: z.string().optional(),
  /** The call it waits for, in words: "post_page on Notion". */
  waitingFor: z.string().optional(),
  /** When it ends if nobody answers (ms). */
  answerBy: z.number().optional(),
  usage: usageSchema.optional(),
  /** Run now, rather than the schedule. */
  manual: z.boolean().optional(),
  /** Until when the runner that took it is known alive (it says so as it goes). */
  leaseUntil: z.number().optional(),
  /** How many times a runner took it: one that keeps dying ends it. */
  attempts: z.number().int().nonnegative().optional(),
  /**
   * The person pressed Stop: the runner lets go of the run, settles its chat and reports it
   * stopped (so the chat is final before anyone reads the run as over).
   */
  stopRequested: z.literal(true).optional(),
});
export type RoutineRun = z.infer<typeof runSchema>;

export const routineSchema = routineInputSchema.extend({
  id: z.string().min(1),
  paused: z.boolean(),
  createdAt: z.number(),
  updatedAt: z.number(),
  /** When it runs next; null while paused. */
  nextRunAt: z.number().nullable(),
});
export type Routine = z.infer<typeof routineSchema>;

/** A routine as pages see it: with its latest run. */
export const routineViewSchema = routineSchema.extend({ lastRun: runSchema.optional() });
export type RoutineView = z.infer<typeof routineViewSchema>;

/** A reason as a run's record keeps it: at most 500 characters. */
export const MAX_REASON_CHARS = 500;
export const cutReason = (reason: string): string =>
  reason.length > MAX_REASON_CHARS ? `${reason.slice(0, MAX_REASON_CHARS - 1)}…` : reason;

/** Whether a run is over. */
export const isSettled = (run: Pick<RoutineRun, 'outcome'>) =>
  run.outcome !== 'running' && run.outcome !== 'waiting';
