/** What the browser-access e2e tests share: the view from the worker, and a tool result's text. */
import type { Page } from 'playwright-core';
import type { BrowserAccessView } from '../../src/messaging/browser-access-contract';
import { requestFrom, type ExtensionSession } from './harness';

/** Browser access as Settings shows it, asked of the worker from `page`. */
export async function browserAccessView(
  session: ExtensionSession,
  page: Page,
): Promise<BrowserAccessView> {
  return (await requestFrom<{ view: BrowserAccessView }>(session, page, 'browser-access/get')).view;
}

/** A tool result's text blocks, joined. */
export const resultText = (result: unknown): string =>
  ((result as { content?: { type: string; text?: string }[] }).content ?? [])
    .map((block) => block.text ?? '')
    .join('\n');
