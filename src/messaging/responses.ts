/** How every request to the background ends: a result, or an error with a stable code. */
import { z } from 'zod';

/** Stable error codes; the UI may branch on them, the message is for people. */
export const ERROR_CODES = [
  'unknown-type',
  'invalid-request',
  'invalid-input',
  'forbidden-sender',
  'not-found',
  'not-enabled',
  'auth-required',
  'auth-cancelled',
  'auth-denied',
  'auth-failed',
  'connection-failed',
  'tool-failed',
  /** The caller may not use this tool (an app calling a tool for the model alone, say). */
  'not-allowed',
  /** The server answered a request (other than a tool call) with an error. */
  'request-failed',
  'timeout',
  'cancelled',
  'worker-restarted',
  'internal',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export interface ErrorBody {
  code: ErrorCode;
  message: string;
  /** The input field an `invalid-input` error is about, when there is one. */
  field?: string;
  /** True when trying the same request again may succeed. */
  retryable?: boolean;
}

export type Response<T = unknown> = { ok: true; result: T } | { ok: false; error: ErrorBody };

export const responseSchema = z.union([
  z.object({ ok: z.literal(true), result: z.unknown() }),
  z.object({
    ok: z.literal(false),
    error: z.object({
      code: z.enum(ERROR_CODES),
      message: z.string(),
      field: z.string().optional(),
      retryable: z.boolean().optional(),
    }),
  }),
]);
