/**
 * The relay link as the person set it up: the relay's address, token and the name this browser
 * goes by, Connect and Disconnect, and the link kept up while it is wanted: when the worker
 * starts, when the retry alarm fires, and when the switch goes on again. The link itself is
 * driven by link-control.ts.
 */
import { invalidInput, PatchbayError } from '../errors/patchbay-error';
import { createLinkControl, RELAY_RETRY_ALARM, type LinkControlOptions } from './link-control';
import { extensionSocketUrl, tokenStaysWith } from './relay-address';
import {
  DEFAULT_BROWSER_NAME,
  linkWanted,
  type AccessSettings,
  type SettingsHolder,
} from './settings';

/** Throws what the person must do first when the saved link cannot connect yet. */
function assertConnectable(saved: AccessSettings): void {
  if (!saved.link.url || !saved.link.token) {
    throw new PatchbayError('invalid-input', 'Save the relay’s address and token first.', {
      field: 'url',
    });
  }
  if (!saved.enabled) {
    throw new PatchbayError(
      'not-enabled',
      'Browser access is switched off: switch it on to connect to the relay.',
    );
  }
}

/** The relay link kept as the settings say; `changed` hears every change of its state. */
export function createRelayConnection(
  options: LinkControlOptions,
  settings: SettingsHolder,
  changed: () => void,
) {
  let closed = false;
  const link = createLinkControl(options, (state) => {
    // A refused token or a browser taking over is not tried again, in this worker or the next,
    // until the person connects again.
    if (state.state === 'error')
      void settings.update((draft) => {
        draft.link.wanted = false;
      });
    changed();
  });
  options.alarms.onAlarm((name) => {
    if (name !== RELAY_RETRY_ALARM || closed) return;
    // The worker may have been stopped: reading the settings links again if wanted (and
    // opens the host again if it vanished); a running worker looks at the host the same way.
    const wasReady = settings.started();
    void settings.init().then(() => {
      if (wasReady && linkWanted(settings.held()!)) void linkSaved(false);
    });
  });

  /** Links to the saved relay; `fresh` connects anew, else a link up or on its way is kept. */
  function linkSaved(fresh = true) {
    const { link: saved } = settings.held()!;
    const target = {
      url: extensionSocketUrl(saved.url),
      token: saved.token,
      name: saved.name || DEFAULT_BROWSER_NAME,
    };
    return link.connect(target, fresh);
  }

  return {
    /** The link's control: its state, the host's reports, and tool changes to tell it. */
    link,
    /** Keeps the link the host holds, when it is wanted (a new worker learns its state). */
    resume: async () => {
      if (linkWanted(settings.held()!)) await linkSaved(false);
    },
    /**
     * Saves the relay's address, token and name; connected, it connects again with them. A link
     * left with no token is refused and nothing is saved (a new relay needs its own token).
     */
    async save(input: { url: string; token?: string; name?: string }): Promise<void> {
      extensionSocketUrl(input.url); // throws a clear error for a bad address
      const token = input.token?.trim();
      await settings.update((draft) => {
        const kept = tokenStaysWith(draft.link.url, input.url) ? draft.link.token : '';
        if (!token && !kept) throw invalidInput('token', 'Enter the token the relay gave you.');
        draft.link.url = input.url.trim();
        draft.link.token = token || kept;
        if (input.name !== undefined) draft.link.name = input.name.trim() || DEFAULT_BROWSER_NAME;
      });
      const saved = settings.held()!;
      // Saving while connected connects again with what was saved.
      if (saved.link.wanted && saved.enabled) await linkSaved();
    },
    /** The person pressed Connect: the link is wanted from now on. */
    async connect(): Promise<void> {
      assertConnectable(await settings.current());
      await settings.update((draft) => {
        draft.link.wanted = true;
      });
      await linkSaved();
    },
    /** The person pressed Disconnect: the link ends and is not wanted any more. */
    async disconnect(): Promise<void> {
      await settings.update((draft) => {
        draft.link.wanted = false;
      });
      await link.disconnect();
    },
    /** The switch moved: off ends the link; on links again when it is wanted. */
    async switched(enabled: boolean): Promise<void> {
      if (!enabled) await link.disconnect();
      else if (linkWanted(settings.held()!)) await linkSaved();
    },
    /** Stops listening to the retry alarm, as a stopped worker would (tests). */
    close() {
      closed = true;
    },
  };
}
