import { UrlElicitationRequiredError } from '@modelcontextprotocol/client';
import { describeUrlRequest } from '../../asks/elicitation-form';
import { PatchbayError } from '../../errors/patchbay-error';
import type { AskBroker } from './ask-broker';

/** Pages one refused call may ask the person to open before Patchbay gives up on it. */
const MAX_PAGES = 3;

/**
 * A 2025-era server refused a call until the person has done something on a page of its
 * (`-32042`, URL elicitation required). Each page is asked for like any URL elicitation: shown
 * with its host, opened only after the person agrees, and followed until the server (or the
 * person) says it is done; then the call may be tried again. Throws a sentence when the person
 * does not go through with it. (2026-07-28 servers ask through `input_required` instead.)
 */
export async function satisfyUrlElicitations(
  broker: AskBroker,
  server: { id: string; name: string },
  error: UrlElicitationRequiredError,
  toolName: string,
  signal: AbortSignal,
): Promise<void> {
  const pages = error.elicitations.slice(0, MAX_PAGES);
  const notRun = (why: string) =>
    new PatchbayError('tool-failed', `${server.name} did not run ${toolName}: ${why}`);
  if (!pages.length) throw notRun(error.message);
  for (const page of pages) {
    const target = describeUrlRequest(page.url);
    if (!target.ok)
      throw notRun(`it asked to open a page Patchbay will not open (${target.reason}).`);
    const outcome = await broker.ask(
      server,
      { kind: 'elicitation-url', message: page.message, url: page.url, phase: 'asking' },
      { signal, elicitationId: page.elicitationId },
    );
    if (outcome.action !== 'accept')
      throw notRun(
        `it needs you to finish something on ${target.host} first, and that was not done.`,
      );
    if (!(await broker.whenCompleted(server.id, page.elicitationId, signal)))
      throw notRun(
        `it needs you to finish something on ${target.host} first, and that was not done.`,
      );
  }
}

export function isUrlElicitationRequired(error: unknown): error is UrlElicitationRequiredError {
  return error instanceof UrlElicitationRequiredError;
}
