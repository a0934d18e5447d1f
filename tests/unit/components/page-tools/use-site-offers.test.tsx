// @vitest-environment happy-dom
import { cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  LOOK_AGAIN_AFTER_MS,
  useSiteOffers,
} from '../../../../components/page-tools/use-site-offers';
import type { PatchbayClient } from '../../../../src/messaging/client';
import { withClient } from '../../../helpers/with-client';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

/**
 * A client answering every request (a look: whether to look again), and the active-tab watch
 * the panel would pass.
 */
function setUp(lookAgain = true) {
  const request = vi.fn(async (type: string) =>
    type === 'page-tools/offers' ? { offers: [] } : { lookAgain },
  );
  const client = { request, onBroadcast: () => () => undefined } as unknown as PatchbayClient;
  let tabEvent: (() => void) | undefined;
  const stopWatching = vi.fn();
  const watchActiveTab = (listener: () => void) => {
    tabEvent = listener;
    return stopWatching;
  };
  const looks = () => request.mock.calls.filter(([type]) => type === 'page-tools/look').length;
  return { client, watchActiveTab, looks, tabEvent: () => tabEvent?.(), stopWatching };
}

/** The look's answer is in: its promise chain settles within a few turns, no time passing. */
async function answered() {
  for (let turn = 0; turn < 10; turn += 1) await Promise.resolve();
}

describe('the open panel’s looks at the tab the person is on', () => {
  it('looks when the panel opens, and again a while later for a page whose tools come late', async () => {
    const { client, watchActiveTab, looks } = setUp();
    renderHook(() => useSiteOffers(watchActiveTab), {
      wrapper: withClient(client),
    });
    expect(looks()).toBe(1);
    await answered();
    await vi.advanceTimersByTimeAsync(LOOK_AGAIN_AFTER_MS[0] - 1);
    expect(looks()).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(looks()).toBe(2);
    await vi.advanceTimersByTimeAsync(LOOK_AGAIN_AFTER_MS[1] - 1);
    expect(looks()).toBe(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(looks()).toBe(3);
    // Then no more until something happens in the tabs.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(looks()).toBe(3);
  });

  it('starts the later looks afresh when the person switches tabs or the tab loads a page', async () => {
    const { client, watchActiveTab, looks, tabEvent } = setUp();
    renderHook(() => useSiteOffers(watchActiveTab), {
      wrapper: withClient(client),
    });
    await vi.advanceTimersByTimeAsync(1_000);
    tabEvent();
    expect(looks()).toBe(2);
    await answered();
    // The first look's later ones are dropped: the next comes after the tab event's wait.
    await vi.advanceTimersByTimeAsync(LOOK_AGAIN_AFTER_MS[0] - 1);
    expect(looks()).toBe(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(looks()).toBe(3);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(looks()).toBe(1 + 1 + LOOK_AGAIN_AFTER_MS.length);
  });

  it('looks only once where the page needs no later look (tools found, an allowed site, no site)', async () => {
    const { client, watchActiveTab, looks, tabEvent } = setUp(false);
    renderHook(() => useSiteOffers(watchActiveTab), {
      wrapper: withClient(client),
    });
    tabEvent();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(looks()).toBe(2);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('stops looking when the panel closes', async () => {
    const { client, watchActiveTab, looks, stopWatching } = setUp();
    const { unmount } = renderHook(() => useSiteOffers(watchActiveTab), {
      wrapper: withClient(client),
    });
    unmount();
    expect(stopWatching).toHaveBeenCalledOnce();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(looks()).toBe(1);
    expect(vi.getTimerCount()).toBe(0);
  });
});
