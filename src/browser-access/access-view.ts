/**
 * Browser access as the side panel shows it (one view: the switches, the relay link, clients,
 * calls waiting and the activity log), and its broadcast: every change sends the whole view,
 * changes in one task sending it once.
 */
import type { BrowserAccessView } from '../messaging/browser-access-contract';
import type { LinkState } from '../messaging/browser-link-contract';
import type { Broadcaster } from '../platform/ports';
import type { ActivityLog } from './activity-log';
import type { ApprovalBroker } from './approvals';
import type { ClientRegistry } from './clients';
import { linkView } from './link-view';
import type { SettingsHolder } from './settings';

/** What the view shows, each read when the view is made. */
export interface AccessViewParts {
  settings: SettingsHolder;
  /** Where the relay link stands now. */
  linkState(): LinkState;
  clients: ClientRegistry;
  approvals: ApprovalBroker;
  activity: ActivityLog;
}

export function createAccessView(broadcaster: Broadcaster, parts: AccessViewParts) {
  async function view(): Promise<BrowserAccessView> {
    const saved = await parts.settings.current();
    return {
      enabled: saved.enabled,
      inChat: saved.inChat,
      link: linkView(saved.link, parts.linkState()),
      clients: await parts.clients.views(),
      approvals: parts.approvals.list(),
      activity: await parts.activity.list(),
    };
  }

  let queued = false;
  /** Something in the view changed: the panel hears the whole view once this task ends. */
  function changed() {
    if (queued) return;
    queued = true;
    queueMicrotask(() => {
      queued = false;
      void view().then((next) =>
        broadcaster.broadcast({ type: 'browser-access/changed', payload: { view: next } }),
      );
    });
  }

  return {
    view,
    changed,
    /**
     * The action `run`, answering with the view once it is done; with `announce`, the change is
     * broadcast too (other actions' changes are told by the part that changed).
     */
    withView<Args extends unknown[]>(run: (...args: Args) => Promise<unknown>, announce = false) {
      return async (...args: Args): Promise<BrowserAccessView> => {
        await run(...args);
        if (announce) changed();
        return view();
      };
    },
  };
}
