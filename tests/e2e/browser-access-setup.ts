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

/** How many offscreen documents the extension has open, asked from one of its pages. */
export const offscreenDocuments = (page: Page): Promise<number> =>
  page.evaluate(
    async () =>
      (
        await (
          globalThis as unknown as {
            chrome: { runtime: { getContexts(filter: object): Promise<unknown[]> } };
          }
        ).chrome.runtime.getContexts({ contextTypes: ['OFFSCREEN_DOCUMENT'] })
      ).length,
  );

/** Closes the offscreen host document as a crash would, through CDP from `page`. */
export async function closeOffscreenHost(session: ExtensionSession, page: Page): Promise<void> {
  const cdp = await session.context.newCDPSession(page);
  try {
    const { targetInfos } = await cdp.send('Target.getTargets');
    const host = targetInfos.find((target) => target.url.endsWith('/offscreen.html'));
    if (!host) throw new Error('No offscreen host document is open.');
    await cdp.send('Target.closeTarget', { targetId: host.targetId });
  } finally {
    await cdp.detach();
  }
}
