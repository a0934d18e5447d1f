/** Who may call which of a server's tools: the model, or the tool card's MCP App. */
import { toolUi } from '../apps/tool-ui';
import { mayCall } from '../policy/app-calls';
import { PatchbayError } from '../errors/patchbay-error';
import type { ToolCallPayload } from '../messaging/contract';
import type { ServerSession } from './session/server-session';

/**
 * MCP Apps: an app may call only tools of its own server listed for apps, and the model only
 * tools listed for it. The panel checks too; this is the rule wherever a call comes from.
 */
export function refuseCaller(session: ServerSession, payload: ToolCallPayload): void {
  const caller = payload.caller ?? 'model';
  const listed = session.toolCache.tools?.find((tool) => tool.name === payload.name);
  const { name } = session.config;
  if (caller === 'app' && !listed)
    throw new PatchbayError('not-allowed', `${name} does not list a tool ${payload.name}.`);
  if (listed && !mayCall(toolUi(listed), caller)) {
    throw new PatchbayError(
      'not-allowed',
      caller === 'app'
        ? `${name}'s tool ${payload.name} is not one its app may call.`
        : `${name}'s tool ${payload.name} is for its app alone; the model may not call it.`,
    );
  }
}
