/**
 * The service worker's hold on the relay link, which lives in the offscreen host
 * (src/relay-link/link-host.ts): it opens the host's link part when the link is wanted, tells it
 * to connect or disconnect, keeps the state the host reports, and keeps the alarms. While
 * connected, a watchdog alarm: should the host vanish (a crash), the alarm wakes the worker,
 * which opens it again; while retrying, an alarm backs up the host's own timer. A worker that
 * stops leaves the host and its link as they are: the host's messages wake it.
 */
import type { LinkCommand, LinkState } from '../messaging/browser-link-contract';
import type { Alarms } from '../platform/ports';
import { errorMessage } from '../errors/error-message';

export const RELAY_RETRY_ALARM = 'browser-access-relay-retry';
/**
 * How often a connected link's watchdog alarm fires: Chrome's shortest alarm, so a host that
 * vanished is opened again within that.
 */
const WATCHDOG_MS = 30_000;
/** Alarms fire no sooner than 30 s from now; the host's own timer covers sooner tries. */
const ALARM_FLOOR_MS = 30_000;

/** The offscreen host's link part, as the service worker reaches it. */
export interface LinkHostPort {
  /** Starts the link part (opening the host document if need be). */
  start(): Promise<void>;
  /** Stops it (closing the host document when nothing else needs it). */
  stop(): Promise<void>;
  /** Tells the link; resolves with its state, or undefined when it is not running. */
  command(command: LinkCommand): Promise<LinkState | undefined>;
}

export interface LinkTarget {
  url: string;
  token: string;
  name: string;
}

export interface LinkControlOptions {
  /** The offscreen host's link part (src/platform/chrome-offscreen-host.ts). */
  linkHost: LinkHostPort;
  alarms: Alarms;
  version: string;
}

/** The link's control; `onState` hears each new state (after the alarms were set for it). */
export function createLinkControl(
  options: LinkControlOptions,
  onState: (state: LinkState) => void,
) {
  const { linkHost: host, alarms } = options;
  let state: LinkState = { state: 'off' };

  function apply(next: LinkState) {
    state = next;
    if (next.state === 'connected')
      void alarms.schedule(RELAY_RETRY_ALARM, Date.now() + WATCHDOG_MS);
    if (next.state === 'retrying')
      void alarms.schedule(RELAY_RETRY_ALARM, Math.max(next.retryAt, Date.now() + ALARM_FLOOR_MS));
    if (next.state === 'error' || next.state === 'off') void alarms.clear(RELAY_RETRY_ALARM);
    // A link that will not try again needs no host.
    if (next.state === 'error') void host.stop();
    onState(next);
  }

  return {
    get state(): LinkState {
      return state;
    },
    /**
     * Links to this relay: `fresh` connects anew (the person pressed Connect or saved);
     * otherwise a link that is up or on its way is kept (a worker's start, an alarm).
     */
    async connect(target: LinkTarget, fresh: boolean): Promise<void> {
      try {
        await host.start();
        const answered = await host.command({
          type: 'link-host/connect',
          payload: { ...target, version: options.version, fresh },
        });
        if (answered) apply(answered);
      } catch (error) {
        const reason = errorMessage(error);
        apply({
          state: 'retrying',
          error: `Could not start the link: ${reason}`,
          retryAt: Date.now() + ALARM_FLOOR_MS,
        });
      }
    },
    /** Ends the link and stops its part. */
    async disconnect(): Promise<void> {
      await host.command({ type: 'link-host/disconnect' }).catch(() => undefined);
      await host.stop();
      apply({ state: 'off' });
    },
    /** The tools a client may see changed: told to a connected link only. */
    toolsChanged(): void {
      if (state.state !== 'connected') return;
      void host.command({ type: 'link-host/tools-changed' }).catch(() => undefined);
    },
    /** The host reported a change. */
    reported(next: LinkState): void {
      apply(next);
    },
  };
}

export type LinkControl = ReturnType<typeof createLinkControl>;
