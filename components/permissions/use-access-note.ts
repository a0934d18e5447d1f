import { useCallback, useState } from 'react';
import { usePermissionsHeld } from './use-permissions-held';
import type { BrowserPermissions } from '../../src/permissions/browser-permissions';
import type { PermissionNoteState } from './PermissionNote';

/** Notes the person put off with Not now, until the panel closes. */
const notNow = new Set<string>();

/**
 * A feature that works only with permissions Chrome has not given yet, and has no switch of its
 * own (websites' tools): while they are missing, the note says what they allow, with Allow
 * (Chrome's prompt follows that click); refused, the note says so, with Ask again.
 */
export function useAccessNote(permissions: BrowserPermissions, feature: string) {
  const [granted, setGranted] = usePermissionsHeld(permissions);
  const [refusal, setRefusal] = useState<string | undefined>();
  const [dismissed, setDismissed] = useState(() => notNow.has(feature));
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
  const dismiss = useCallback(() => {
    notNow.add(feature);
    setDismissed(true);
  }, [feature]);
  return { granted, note, allow, dismiss };
}
