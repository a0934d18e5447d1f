/** Timings taken inside an extension page, so CDP's own round trips are not in them. */
import type { Page } from 'playwright-core';

interface Envelope {
  ok: boolean;
  error?: { code: string; message: string };
}

/** One `chrome.runtime` request's round trip, in ms. `expectError` allows an error answer. */
export function timeMessage(
  page: Page,
  message: { type: string; payload?: unknown },
  { expectError = false }: { expectError?: boolean } = {},
): Promise<number> {
  return page.evaluate(
    async ([request, errorExpected]) => {
      const started = performance.now();
      const answer = (await chrome.runtime.sendMessage(request)) as Envelope;
      const elapsed = performance.now() - started;
      if (!answer.ok && !errorExpected) throw new Error(answer.error?.message ?? 'failed');
      return elapsed;
    },
    [message, expectError] as const,
  );
}

/** The same request through a bare `fetch` from the page: the network's share of a call. */
export function timeFetch(
  page: Page,
  url: string,
  init: { headers: Record<string, string>; body: string },
): Promise<number> {
  return page.evaluate(
    async ([target, headers, body]) => {
      const started = performance.now();
      const response = await fetch(target, { method: 'POST', headers, body });
      await response.text();
      const elapsed = performance.now() - started;
      if (!response.ok) throw new Error(`bare fetch answered ${response.status}`);
      return elapsed;
    },
    [url, init.headers, init.body] as const,
  );
}

declare const chrome: { runtime: { sendMessage(message: unknown): Promise<unknown> } };
