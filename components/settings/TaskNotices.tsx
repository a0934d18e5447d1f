import type { BrowserPermissions } from '../../src/permissions/browser-permissions';
import { PermissionNote } from '../permissions/PermissionNote';
import { usePermissionSwitch } from '../permissions/use-permission-switch';
import { usePermissionsHeld } from '../permissions/use-permissions-held';
import { SwitchRow } from '../shared/SwitchRow';

export const TASK_NOTICES = 'Tell me when a task ends';

/**
 * Notifications of tasks that end while the side panel is closed: on while Chrome lets Patchbay
 * show notifications (asked for from this switch, after the sentence), off gives it back.
 */
export function TaskNotices({ permissions }: { permissions: BrowserPermissions }) {
  const [held] = usePermissionsHeld(permissions);
  const gate = usePermissionSwitch({
    permissions,
    feature: TASK_NOTICES,
    on: held === true,
    setOn: (on) => {
      if (!on) void permissions.remove();
    },
  });
  return (
    <section className="task-notices" aria-label="Notifications">
      <h2>Notifications</h2>
      <SwitchRow
        label={TASK_NOTICES}
        text={`${TASK_NOTICES} while the panel is closed`}
        on={held === true}
        onChange={gate.toggle}
      />
      {gate.note ? (
        <PermissionNote
          feature={TASK_NOTICES}
          note={gate.note}
          onAllow={gate.allow}
          onCancel={gate.cancel}
        />
      ) : null}
    </section>
  );
}
