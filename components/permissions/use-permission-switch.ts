import { useCallback, useState } from 'react';
import { usePermissionsHeld } from './use-permissions-held';
import type { BrowserPermissions } from '../../src/permissions/browser-permissions';

import type { PermissionNoteState } from './PermissionNote';

/**
 * A feature's switch behind the browser permissions it needs: switching it on when they are not
 * held first says what they allow (the note's Allow button then asks Chrome, from that click);
 * refused, the feature stays off with that sentence; on but missing them (taken back in
 * chrome://extensions, or not carried over by an update), the note says so and offers Allow.
 */
export function usePermissionSwitch(options: {
  permissions: BrowserPermissions;
  feature: string;
  on: boolean;
  setOn(on: boolean): void;
}) {
  const { permissions, feature, on, setOn } = options;
  const [granted, setGranted] = usePermissionsHeld(permissions);
  const [note, setNote] = useState<PermissionNoteState | undefined>();

  const toggle = useCallback(
    (checked: boolean) => {
      setNote(undefined);
      if (!checked || granted) setOn(checked);
      else setNote({ kind: 'asking', text: permissions.sentence(feature) });
    },
    [feature, granted, permissions, setOn],
  );
  const allow = useCallback(() => {
    void permissions.ask(feature).then((answer) => {
      if (answer.granted) {
        setGranted(true);
        setNote(undefined);
        if (!on) setOn(true);
      } else setNote({ kind: 'refused', text: answer.message });
    });
  }, [feature, on, permissions, setGranted, setOn]);
  const cancel = useCallback(() => setNote(undefined), []);

  const shown: PermissionNoteState | undefined =
    note ??
    (on && granted === false
      ? { kind: 'missing', text: permissions.sentence(feature) }
      : undefined);
  return { note: shown, toggle, allow, cancel };
}
