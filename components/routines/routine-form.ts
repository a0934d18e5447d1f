/**
 * The routine editor's form: what its fields hold (strings where the person types numbers, so
 * a half-typed value stays as typed), the routine they make, and the errors to show by field.
 */
import type { ChatModel } from '../../src/models/chat-model';
import { definitionOf } from '../../src/policy/grants';
import type { QuotedPage } from '../../src/chat-message/message-origin';
import type { ToolView } from '../../src/messaging/contract';
import {
  DEFAULT_ANSWER_MINUTES,
  routineInputSchema,
  type RoutineInput,
  type TickedTool,
} from '../../src/routines/routine';
import { isKnownTimeZone, type Schedule } from '../../src/routines/schedule';

export interface RoutineForm {
  /** Absent for a new routine. */
  id?: string;
  name: string;
  prompt: string;
  /** The pages the prompt quotes (from the chat it was made from): kept through edits. */
  quoted?: QuotedPage[];
  /** Absent: the chat's default model. */
  model?: ChatModel;
  servers: string[];
  tools: TickedTool[];
  scheduleKind: Schedule['kind'];
  minute: string;
  time: string;
  /** 0 is Sunday. */
  day: number;
  timeZone: string;
  answerMinutes: string;
}

/** The form's fields, as the routine's schema names them: errors are shown by these. */
export const ROUTINE_FIELDS = [
  'name',
  'prompt',
  'model',
  'servers',
  'tools',
  'schedule',
  'timeZone',
  'answerMinutes',
] as const;
export type RoutineField = (typeof ROUTINE_FIELDS)[number];

/** Whether `name` is one of the form's fields (an issue's path, a worker error's field). */
export const isRoutineField = (name: string): name is RoutineField =>
  (ROUTINE_FIELDS as readonly string[]).includes(name);

export type FieldErrors = Partial<Record<RoutineField, string>>;

/** The form for a routine (new, prefilled, or one to edit). */
export function formOf(routine: RoutineInput): RoutineForm {
  const { schedule } = routine;
  return {
    ...(routine.id ? { id: routine.id } : {}),
    name: routine.name,
    prompt: routine.prompt,
    ...(routine.quoted?.length ? { quoted: [...routine.quoted] } : {}),
    ...(routine.model ? { model: routine.model } : {}),
    servers: [...routine.servers],
    tools: [...routine.tools],
    scheduleKind: schedule.kind,
    minute: schedule.kind === 'hourly' ? String(schedule.minute) : '0',
    time: schedule.kind === 'hourly' ? '09:00' : schedule.time,
    day: schedule.kind === 'weekly' ? schedule.day : 1,
    timeZone: routine.timeZone,
    answerMinutes: String(routine.answerMinutes ?? DEFAULT_ANSWER_MINUTES),
  };
}

/** A typed number; blank or not a number gives NaN, which the schema refuses. */
const numberOf = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

function scheduleOf(form: RoutineForm): Schedule {
  switch (form.scheduleKind) {
    case 'hourly':
      return { kind: 'hourly', minute: numberOf(form.minute) };
    case 'weekly':
      return { kind: 'weekly', day: form.day, time: form.time };
    default:
      return { kind: form.scheduleKind, time: form.time };
  }
}

/** The routine the form makes, before validation. */
export function inputOf(form: RoutineForm): RoutineInput {
  return {
    ...(form.id ? { id: form.id } : {}),
    name: form.name,
    prompt: form.prompt,
    ...(form.quoted?.length ? { quoted: form.quoted } : {}),
    ...(form.model ? { model: form.model } : {}),
    servers: form.servers,
    // Only the chosen servers' tools: a server taken off takes its ticks with it.
    tools: form.tools.filter((tool) => form.servers.includes(tool.serverId)),
    schedule: scheduleOf(form),
    timeZone: form.timeZone.trim(),
    answerMinutes: numberOf(form.answerMinutes),
  };
}

/** The routine to save, or the first error of each field (the schema's own sentences). */
export function validate(
  form: RoutineForm,
): { ok: true; input: RoutineInput } | { ok: false; errors: FieldErrors } {
  const input = inputOf(form);
  const errors: FieldErrors = {};
  const parsed = routineInputSchema.safeParse(input);
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? 'name');
      const key = isRoutineField(field) ? field : 'name';
      errors[key] ??= issue.message;
    }
  if (input.timeZone && !isKnownTimeZone(input.timeZone))
    errors.timeZone = `This browser does not know the time zone “${input.timeZone}”: use a name such as Europe/Paris.`;
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, input };
}

/** The form with `serverId` chosen or not; a server taken off loses its ticked tools. */
export function withServer(form: RoutineForm, serverId: string, chosen: boolean): RoutineForm {
  const servers = form.servers.filter((id) => id !== serverId);
  return chosen
    ? { ...form, servers: [...servers, serverId] }
    : { ...form, servers, tools: form.tools.filter((tool) => tool.serverId !== serverId) };
}

const sameTool = (a: Pick<ToolView, 'serverId' | 'name'>, b: Pick<ToolView, 'serverId' | 'name'>) =>
  a.serverId === b.serverId && a.name === b.name;

/** The form with `tool` ticked (as the server describes it now) or not. */
export function withTick(form: RoutineForm, tool: ToolView, ticked: boolean): RoutineForm {
  const tools = form.tools.filter((each) => !sameTool(each, tool));
  return {
    ...form,
    tools: ticked
      ? [...tools, { serverId: tool.serverId, name: tool.name, definition: definitionOf(tool) }]
      : tools,
  };
}

/** How a listed tool stands in the form: ticked, ticked as it was described before, or not. */
export function tickOf(
  form: Pick<RoutineForm, 'tools'>,
  tool: ToolView,
): 'ticked' | 'changed' | 'unticked' {
  const entry = form.tools.find((each) => sameTool(each, tool));
  if (!entry) return 'unticked';
  const now = definitionOf(tool);
  const same =
    entry.definition.description === now.description &&
    entry.definition.inputSchema === now.inputSchema &&
    entry.definition.annotations === now.annotations;
  return same ? 'ticked' : 'changed';
}
