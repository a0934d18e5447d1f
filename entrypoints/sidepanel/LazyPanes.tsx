import { lazy, Suspense } from 'react';
import type { RoutinesTabProps } from '../../components/routines/RoutinesTab';
import type { ModelSetupProps } from '../../components/settings/ModelSetup';
import type { SettingsTabProps } from '../../components/settings/SettingsTab';
import type { ProviderId } from '../../src/models/model-settings';
import type { PanelPorts } from './panel-ports';
import type { PanelChat } from './use-panel-chat';

// The Routines tab loads with its first visit (it costs the panel's first load nothing).
const RoutinesTab = lazy(() =>
  import('../../components/routines/RoutinesTab').then((module) => ({
    default: module.RoutinesTab,
  })),
);

// The model's form (first run, Settings) and Settings load with their first showing.
const ModelSetup = lazy(() => import('../../components/settings/ModelSetup'));
const SettingsTab = lazy(() => import('../../components/settings/SettingsTab'));

/** The Routines tab, "Loading…" until its part has loaded. */
export function RoutinesPane(props: RoutinesTabProps) {
  return (
    <Suspense fallback={<p className="panel muted">Loading…</p>}>
      <RoutinesTab {...props} />
    </Suspense>
  );
}

/** The Settings tab, "Loading…" until its part has loaded. */
export function SettingsPane({
  ports,
  keepDays,
  ...props
}: Omit<SettingsTabProps, keyof PanelPorts | 'keepDays' | 'onKeepDays'> & {
  ports: Pick<PanelPorts, 'permissions' | 'taskNotices' | 'store' | 'askForSites'>;
  /** How many days chats are kept (none: kept until deleted), as stored. */
  keepDays: PanelChat['keepDays'];
}) {
  return (
    <Suspense fallback={<p className="panel muted">Loading…</p>}>
      <SettingsTab
        {...props}
        keepDays={keepDays.value ?? undefined}
        onKeepDays={(days) => void keepDays.save(days ?? null)}
        permissions={ports.permissions}
        taskNotices={ports.taskNotices}
        store={ports.store}
        askForSites={ports.askForSites}
      />
    </Suspense>
  );
}

/** The model's form, on first run or in Settings, "Loading…" until its part has loaded. */
export function ModelSetupPane({
  ports,
  provider,
  ...props
}: Omit<ModelSetupProps, 'provider' | 'askForSites' | 'serveLocalOrigins'> & {
  ports: Pick<PanelPorts, 'askForSites' | 'serveLocalOrigins'>;
  provider: ProviderId | undefined;
}) {
  return (
    <Suspense fallback={<p className="muted">Loading…</p>}>
      <ModelSetup
        {...props}
        {...(provider ? { provider } : {})}
        askForSites={ports.askForSites}
        serveLocalOrigins={ports.serveLocalOrigins}
      />
    </Suspense>
  );
}
