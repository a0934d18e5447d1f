/** The relay link as the panel shows it: what was saved (never the token) and where it stands. */
import type { LinkView } from '../messaging/browser-access-contract';
import type { LinkState } from '../messaging/browser-link-contract';
import { DEFAULT_BROWSER_NAME, type AccessSettings } from './settings';

export function linkView(saved: AccessSettings['link'] | undefined, state: LinkState): LinkView {
  return {
    url: saved?.url ?? '',
    hasToken: Boolean(saved?.token),
    name: saved?.name || DEFAULT_BROWSER_NAME,
    wanted: saved?.wanted ?? false,
    state: state.state,
    peers: state.state === 'connected' ? state.peers : 0,
    ...(state.state === 'connected' && { extensionId: state.extensionId }),
    ...((state.state === 'retrying' || state.state === 'error') && { error: state.error }),
    ...(state.state === 'retrying' && { retryAt: state.retryAt }),
  };
}
