/** A server's tools as the model and the Servers view see them, and which are switched off. */
import { toolUi } from '../apps/tool-ui';
import { mayCall } from '../policy/app-calls';
import type { ServerResults, ToolView } from '../messaging/contract';
import type { KeyValueStore } from '../platform/ports';
import { storageKeys } from './storage-keys';
import type { IconResolver } from './icons';
import type { ServerSession } from './session/server-session';
import { isFailing } from './session/status';
import { toolView } from './view';

/**
 * The tools the model may use: every enabled, reachable server's, without the ones switched
 * off or meant for the server's own app alone.
 */
export async function enabledTools(
  sessions: Iterable<ServerSession>,
  icons: IconResolver,
): Promise<ToolView[]> {
  const enabled = [...sessions].filter((session) => session.isEnabled);
  const perServer = await Promise.allSettled(
    enabled.map(async (session) => {
      // Lazily reconnect a server that is not known to be failing (its backoff retries, or
      // the Retry button, handle those): listing tools must not hammer a server that is down.
      if (!session.isConnected && !session.needsSignIn() && !isFailing(session.status))
        await session.ensureConnected();
      if (!session.isConnected) return [];
      const disabled = new Set(session.disabledTools);
      const tools = ((await session.currentTools()) ?? []).filter(
        (tool) => !disabled.has(tool.name) && mayCall(toolUi(tool), 'model'),
      );
      return tools.map((tool) =>
        toolView(session.id, tool, icons.peek(tool.icons, session.config.url)),
      );
    }),
  );
  return perServer.flatMap((result) => (result.status === 'fulfilled' ? result.value : []));
}

/**
 * A server's tools for its Servers card, connecting first if it is on, signed in and not known
 * to be failing (as for {@link enabledTools}).
 */
export async function serverTools(session: ServerSession): Promise<ServerResults['tools/get']> {
  if (
    session.isEnabled &&
    !session.isConnected &&
    !session.needsSignIn() &&
    !isFailing(session.status)
  )
    await session.ensureConnected().catch(() => undefined);
  return {
    tools: ((await session.currentTools()) ?? []).map((tool) => toolView(session.id, tool)),
    disabled: [...session.disabledTools],
  };
}

/** Switches off `names` of a server's tools (and every other back on), stored and told. */
export async function setDisabledTools(
  session: ServerSession,
  store: KeyValueStore,
  names: string[],
): Promise<string[]> {
  session.disabledTools = [...new Set(names)];
  await store.set({ [storageKeys.disabledTools(session.id)]: session.disabledTools });
  session.toolsChanged();
  return session.disabledTools;
}
