import { useCallback } from 'react';
import { useBrowserAccess } from '../../components/browser-access/use-browser-access';
import { usePermissionSwitch } from '../../components/permissions/use-permission-switch';
import type { BrowserPermissions } from '../../src/permissions/browser-permissions';

/**
 * Browser access as the panel holds it (desktop clients' calls, Settings' group), and "Use this
 * browser" in the chat: its switch asks Chrome for what the browser's own tools need first.
 */
export function useBrowserInChat(permissions: BrowserPermissions) {
  const browserAccess = useBrowserAccess();
  const browserOn = browserAccess.view?.inChat ?? false;
  const { send } = browserAccess;
  const setInChat = useCallback(
    (enabled: boolean) => void send('browser-access/in-chat/set', { enabled }),
    [send],
  );
  const inChat = usePermissionSwitch({
    permissions,
    feature: 'Use this browser',
    on: browserOn,
    setOn: setInChat,
  });
  return { browserAccess, browserOn, inChat };
}
