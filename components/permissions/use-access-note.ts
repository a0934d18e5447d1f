import { useCallback, useState } from 'react';
import { usePermissionsHeld } from './use-permissions-held';
import type { BrowserPermissions } from '../../src/permissions/browser-permissions';
import type { PermissionNoteState } from './PermissionNote';

/**
 * A feature that works only with permissions Chrome has not given yet, and has no switch of its
 * own (websites' tools): while they are missing, the note says what they allow, with Allow
 * (Chrome's prompt follows that click); refused, the note says so, with Ask again.
 */
export function useAccessNote(permissions: BrowserPermissions, feature: string) {
  const [granted, setGranted] = usePermissionsHeld(permissions);
  const [refusal, setRefusal] = useState<string | undefined>();
  const [dismissed, setDismissed] = useState(false);
  /** Asks Chrome (call it from the click); resolves with whether they are held now. */
  const allow = useCallback(
    () =>
      permissions.ask(feature).then((answer) => {
        setGranted(answer.granted);
        setRefusal(answer.granted ? undefined : answer.message);
        return answer.granted;
      }),
    [feature, permissions, setGranted],
  );
  const note: PermissionNoteState | undefined =
    granted === false && !dismissed
      ? refusal
        ? { kind: 'refused', text: refusal }
        : { kind: 'asking', text: permissions.sentence(feature) }
      : undefined;
  return { granted, note, allow, dismiss: useCallback(() => setDismissed(true), []) };
}
