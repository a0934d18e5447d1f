import type { LanguageModelUsage, TextStreamPart, ToolSet, UIMessage } from 'ai';
import { z } from 'zod';

/** Token counts as the provider reported them; a count it left out stays out. */
export interface AnswerUsage {
  inputTokens?: number;
  outputTokens?: number;
  totalTokens?: number;
}

/** What Patchbay keeps on an answer beside its parts (stored with it in history). */
export interface AnswerMetadata {
  /** The origin of the active tab when the person asked (see turn-taint.ts). */
  pointedOrigin?: string;
  /** The model that ran the turn. */
  model?: { provider: string; id: string };
  /** Tokens of every request the answer took (an approval continues it in a new request). */
  usage?: AnswerUsage;
  /**
   * How long each reasoning part of the answer took, in its order, in ms: from the part's start
   * to its end or the first text after it, whichever came first. `null` where it is not known.
   */
  thoughtMs?: (number | null)[];
}

const count = z.number().int().nonnegative();

// Each field is read on its own: one a later version wrote differently (or a damaged one)
// hides only itself, never the answer or the other fields. Loose, so fields a later version
// adds survive being read and written back.
export const answerMetadataSchema = z.looseObject({
  pointedOrigin: z.string().optional().catch(undefined),
  model: z.object({ provider: z.string(), id: z.string() }).optional().catch(undefined),
  usage: z
    .object({
      inputTokens: count.optional(),
      outputTokens: count.optional(),
      totalTokens: count.optional(),
    })
    .optional()
    .catch(undefined),
  thoughtMs: z.array(z.number().nonnegative().nullable()).optional().catch(undefined),
});

/** A message's metadata as Patchbay reads it; nothing readable gives `{}`. */
export function readAnswerMetadata(message: Pick<UIMessage, 'metadata'>): AnswerMetadata {
  const parsed = answerMetadataSchema.safeParse(message.metadata ?? {});
  if (!parsed.success) return {};
  const { pointedOrigin, model, usage, thoughtMs } = parsed.data;
  return {
    ...(pointedOrigin !== undefined && { pointedOrigin }),
    ...(model && { model }),
    ...(usage && { usage: definedCounts(usage) }),
    ...(thoughtMs && { thoughtMs }),
  };
}

/** The counts `usage` reports, summed with those already on the answer; none reported: undefined. */
export function addUsage(
  previous: AnswerUsage | undefined,
  usage: Pick<LanguageModelUsage, 'inputTokens' | 'outputTokens' | 'totalTokens'>,
): AnswerUsage | undefined {
  const next = definedCounts(usage);
  if (Object.keys(next).length === 0) return previous;
  const sum = (key: keyof AnswerUsage) =>
    next[key] === undefined ? undefined : (previous?.[key] ?? 0) + next[key];
  return definedCounts({
    inputTokens: sum('inputTokens'),
    outputTokens: sum('outputTokens'),
    totalTokens: sum('totalTokens'),
  });
}

function definedCounts(usage: {
  inputTokens?: number | undefined;
  outputTokens?: number | undefined;
  totalTokens?: number | undefined;
}): AnswerUsage {
  const counts: AnswerUsage = {};
  for (const key of ['inputTokens', 'outputTokens', 'totalTokens'] as const) {
    const value = usage[key];
    if (typeof value === 'number' && Number.isFinite(value)) counts[key] = value;
  }
  return counts;
}

export interface AnswerMetadataOptions {
  model: { provider: string; id: string };
  pointedOrigin?: string;
  /** The answer this request continues (after an approval), whose usage and thoughts go on. */
  continued?: UIMessage;
  now?: () => number;
}

/**
 * The `messageMetadata` callback for one request's UI message stream: the pointed origin on
 * `start`, the time each reasoning part took as it ends, the model and tokens on `finish`. Reasoning
 * durations are measured here, where the stream is read, so a reopened chat shows what the
 * person saw.
 */
export function answerMetadataFor(
  options: AnswerMetadataOptions,
): (event: { part: TextStreamPart<ToolSet> }) => AnswerMetadata | undefined {
  const now = options.now ?? Date.now;
  const previous = options.continued ? readAnswerMetadata(options.continued) : {};
  const earlier = options.continued?.parts.filter((part) => part.type === 'reasoning').length ?? 0;
  // Index by the order reasoning parts appear in the message, after those already there.
  const thoughts: (number | null)[] = Array.from(
    { length: earlier },
    (_, index) => previous.thoughtMs?.[index] ?? null,
  );
  const open = new Map<string, { index: number; since: number }>();
  const close = (ids: Iterable<string>): AnswerMetadata | undefined => {
    let changed = false;
    for (const id of [...ids]) {
      const started = open.get(id);
      if (!started) continue;
      open.delete(id);
      thoughts[started.index] = Math.max(0, now() - started.since);
      changed = true;
    }
    return changed ? { thoughtMs: Array.from(thoughts, (value) => value ?? null) } : undefined;
  };
  return ({ part }) => {
    switch (part.type) {
      // Only what must be known from the start: metadata on `start` makes the answer a message
      // at once, and a request that fails before any word would leave an empty one behind.
      case 'start':
        return options.pointedOrigin !== undefined
          ? { pointedOrigin: options.pointedOrigin }
          : undefined;
      case 'reasoning-start':
        open.set(part.id, { index: thoughts.length, since: now() });
        thoughts.push(null);
        return undefined;
      case 'reasoning-end':
        return close([part.id]);
      case 'text-start':
        return close(open.keys());
      case 'finish': {
        const usage = addUsage(previous.usage, part.totalUsage);
        return { model: options.model, ...(usage && { usage }) };
      }
      default:
        return undefined;
    }
  };
}
