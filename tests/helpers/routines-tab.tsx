/** The Routines tab as the panel shows it, with the editor opened on `initial` when given. */
import { useEffect } from 'react';
import { RoutinesTab } from '../../components/routines/RoutinesTab';
import { useRoutineEditing } from '../../components/routines/use-routine-editing';
import type { ModelChoice } from '../../src/models/model-choice';
import type { PatchbayClient } from '../../src/messaging/client';
import type { ServerView } from '../../src/messaging/contract';
import {
  createBrowserPermissions,
  TASK_NOTICES_PERMISSIONS,
  whatNoticesAllow,
} from '../../src/permissions/browser-permissions';
import type { createMemoryPermissions } from '../../src/platform/memory-permissions';
import type { RoutineInput } from '../../src/routines/routine';
import { ClientProvider } from '../../components/shared/client-context';

export function TestRoutinesTab(props: {
  client: PatchbayClient;
  chrome: ReturnType<typeof createMemoryPermissions>;
  servers: readonly ServerView[];
  initial?: RoutineInput;
  choice?: ModelChoice;
  onOpenChat?(chatId: string): void;
}) {
  const editing = useRoutineEditing();
  const { open } = editing;
  const { initial } = props;
  useEffect(() => {
    if (initial) open(initial);
  }, [initial, open]);
  return (
    <ClientProvider client={props.client}>
      <RoutinesTab
        servers={props.servers}
        choice={props.choice}
        notices={createBrowserPermissions(props.chrome, TASK_NOTICES_PERMISSIONS, whatNoticesAllow)}
        editing={editing}
        onOpenChat={props.onOpenChat ?? (() => undefined)}
      />
    </ClientProvider>
  );
}

export const aServer = (id: string, name: string, isEnabled = true): ServerView => ({
  id,
  name,
  url: `https://${id}.example.com/mcp`,
  description: name,
  requiresAuthentication: false,
  isCustom: true,
  isEnabled,
  status: { state: isEnabled ? 'connected' : 'disconnected' },
  toolCount: 2,
});
