import { UrlElicitationRequiredError } from '@modelcontextprotocol/client';
import { describeUrlRequest, mayOpen } from '../../asks/url-request';
import { PatchbayError } from '../../errors/patchbay-error';
import { AskRefusedError, type AskBroker } from './ask-broker';

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
  server: { id: string; name: string; url: string },
  error: UrlElicitationRequiredError,
  toolName: string,
  signal: AbortSignal,
): Promise<void> {
  // The error's data is the server's, unchecked by the SDK: only well-formed pages are asked for.
  const listed: unknown[] = Array.isArray(error.elicitations) ? error.elicitations : [];
  const pages = listed.filter(isUrlPage).slice(0, MAX_PAGES);
  const notRun = (why: string) =>
    new PatchbayError('tool-failed', `${server.name} did not run ${toolName}: ${why}`);
  if (!pages.length)
    throw notRun(`it asked for a page to be opened first, but named none Patchbay can open.`);
  for (const page of pages) {
    const target = describeUrlRequest(page.url);
    if (!target.ok || !mayOpen(page.url, server.url))
      throw notRun(`it asked to open a page Patchbay will not open (${page.url.slice(0, 200)}).`);
    const unfinished = notRun(
      `it needs you to finish something on ${target.host} first, and that was not done.`,
    );
    let outcome;
    try {
      outcome = await broker.ask(
        server,
        { kind: 'elicitation-url', message: page.message, url: page.url, phase: 'asking' },
        { signal, elicitationId: page.elicitationId },
      );
    } catch (refused) {
      if (refused instanceof AskRefusedError) throw notRun(refused.message);
      throw refused;
    }
    if (outcome.action !== 'accept') throw unfinished;
    if (!(await broker.whenCompleted(server.id, page.elicitationId, signal))) throw unfinished;
  }
}

interface UrlPage {
  url: string;
  message: string;
  elicitationId: string;
}

function isUrlPage(value: unknown): value is UrlPage {
  const page = value as Partial<UrlPage> | null;
  return (
    typeof page === 'object' &&
    page !== null &&
    typeof page.url === 'string' &&
    typeof page.message === 'string' &&
    typeof page.elicitationId === 'string' &&
    page.elicitationId.length > 0
  );
}

export function isUrlElicitationRequired(error: unknown): error is UrlElicitationRequiredError {
  return error instanceof UrlElicitationRequiredError;
}
