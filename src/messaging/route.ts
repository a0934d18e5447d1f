/**
 * A request's handler behind its payload schema: the handler only ever sees valid input, and
 * invalid input is a PatchbayError naming the field.
 */
import type { z } from 'zod';
import { PatchbayError } from '../errors/patchbay-error';

export type Route<R> = (payload: unknown, type: string, serverId?: string) => Promise<R>;

export function route<S extends z.ZodType, R>(
  schema: S,
  handler: (payload: z.output<S>) => Promise<R>,
): Route<R> {
  return (payload, type) => handler(validate(schema, payload, type));
}

export function validate<S extends z.ZodType>(
  schema: S,
  payload: unknown,
  type: string,
): z.output<S> {
  const result = schema.safeParse(payload);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const path = issue?.path.join('.') || 'payload';
  throw new PatchbayError(
    'invalid-request',
    `Invalid payload for ${type}: ${path}: ${issue?.message ?? 'invalid'}.`,
    {
      field: path,
    },
  );
}
