import { useEffect, useState } from 'react';
import type { BrowserPermissions } from '../../src/permissions/browser-permissions';

/** Whether a feature's permissions are held (undefined until Chrome answers), kept current. */
export function usePermissionsHeld(permissions: BrowserPermissions) {
  const [granted, setGranted] = useState<boolean | undefined>();
  useEffect(() => {
    let live = true;
    void permissions.granted().then((held) => live && setGranted(held));
    const stop = permissions.watch((held) => live && setGranted(held));
    return () => {
      live = false;
      stop();
    };
  }, [permissions]);
  return [granted, setGranted] as const;
}
