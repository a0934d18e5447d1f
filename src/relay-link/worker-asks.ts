/**
 * The link's questions to the service worker (src/messaging/browser-link-contract.ts), typed:
 * each answer is checked against its result schema, and a refusal or a worker that did not
 * answer becomes a {@link RequestError} with the worker's sentence.
 */
import { RequestError } from '../errors/request-error';
import {
  linkResults,
  type LinkPayloads,
  type LinkRequestType,
  type LinkResults,
} from '../messaging/browser-link-contract';
import { responseSchema } from '../messaging/responses';

/** Asks the service worker one of the link's requests. */
export type LinkAsk = <T extends LinkRequestType>(
  type: T,
  payload: LinkPayloads[T],
) => Promise<LinkResults[T]>;

/** A {@link LinkAsk} over a function that sends a message and resolves with the answer. */
export function createLinkAsk(
  send: (message: { type: string; payload: unknown }) => Promise<unknown>,
): LinkAsk {
  return async (type, payload) => {
    let raw: unknown;
    try {
      raw = await send({ type, payload });
    } catch {
      throw new RequestError({
        code: 'worker-restarted',
        message: 'Patchbay’s background stopped before it answered. Try again.',
        retryable: true,
      });
    }
    const response = responseSchema.safeParse(raw);
    if (!response.success)
      throw new RequestError({
        code: 'internal',
        message: 'Patchbay’s background did not answer.',
      });
    if (!response.data.ok) throw new RequestError(response.data.error);
    return linkResults[type].parse(response.data.result) as LinkResults[typeof type];
  };
}
