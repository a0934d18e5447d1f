import { useCallback, useMemo, useState } from 'react';
import type { OpenServer } from '../../components/chat/use-server-problems';
import type { SettingsTarget } from '../../src/chat-turn/chat-errors';
import type { ProviderId } from '../../src/models/model-settings';

export type PanelTab = 'chat' | 'servers' | 'routines' | 'settings';

/**
 * Where Settings opens this time: the restore (first run's link), a provider's form (a chat's
 * failure), or its first group. Set anew by every way into Settings.
 */
export interface SettingsOpening {
  restore?: boolean;
  provider?: ProviderId;
}

// Scrolls to a control in the tab just shown; loaded with the first such jump.
const panelNavigation = () => import('../../components/shared/panel-navigation');

/**
 * The tab the panel shows and where Settings opens, with every way from one tab to another: a
 * tab's button, a chat's "Open Settings", a server problem's button, first run's restore and a
 * routine run's chat.
 */
export function usePanelTabs() {
  const [tab, setTab] = useState<PanelTab>('chat');
  const [settingsOpening, setSettingsOpening] = useState<SettingsOpening>({});
  const showChat = useCallback(() => setTab('chat'), []);
  // A chat's "Open Settings" and a server problem's button: the tab, then the control there.
  const openSettings = useCallback((target: SettingsTarget) => {
    setSettingsOpening(target.provider ? { provider: target.provider } : {});
    setTab('settings');
    void panelNavigation().then((module) => module.showSettingsField(target.field));
  }, []);
  const openServer = useCallback<OpenServer>((serverId, header) => {
    setTab('servers');
    if (serverId) void panelNavigation().then((module) => module.showServerCard(serverId, header));
  }, []);
  const showRunChat = useMemo(
    () => ({ chat: showChat, routines: () => setTab('routines') }),
    [showChat],
  );
  return {
    tab,
    settingsOpening,
    show: setTab,
    showChat,
    openSettings,
    openServer,
    showRunChat,
    /** A tab's own button: Settings opens at its first group. */
    select(name: PanelTab) {
      if (name === 'settings') setSettingsOpening({});
      setTab(name);
    },
    /** First run's "restore": Settings, at the restore. */
    openRestore() {
      setSettingsOpening({ restore: true });
      setTab('settings');
    },
  };
}

export type PanelTabs = ReturnType<typeof usePanelTabs>;
