import type { BrowserPermissions } from '../../../src/permissions/browser-permissions';
import { AllowedSites } from '../../page-tools/AllowedSites';
import { useAllowedSites } from '../../page-tools/use-allowed-sites';
import { TaskNotices } from '../TaskNotices';

/**
 * Settings › Permissions: what Patchbay may do beyond its panel, each given by the person
 * (websites whose own tools it may use, notifications), and taken back here.
 */
export default function PermissionsGroup({ taskNotices }: { taskNotices: BrowserPermissions }) {
  const allowed = useAllowedSites();
  return (
    <>
      <p className="muted">
        What Patchbay may do outside this panel. Each is off until you turn it on, and Chrome asks
        you first where it needs to.
      </p>
      <AllowedSites
        sites={allowed.sites}
        onForget={allowed.forget}
        {...(allowed.error ? { error: allowed.error } : {})}
      />
      <TaskNotices permissions={taskNotices} />
    </>
  );
}
