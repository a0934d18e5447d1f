/**
 * The MCP Apps' share of the rule: who may call a tool (its `_meta.ui.visibility`), which tool an
 * app may call (one of its own server's, listed, switched on, and listed for apps), and whether
 * an app's call waits for the person. The background checks who may call on every call
 * (src/mcp/tool-caller.ts); the panel checks here too, so that it refuses before asking the person
 * to approve something that cannot run.
 */
import { PatchbayError } from '../errors/patchbay-error';
import type { ToolView } from '../messaging/contract';
import { needsApproval } from './call-policy';
import { changesSinceAllowed, type ApprovalSettings } from './grants';

export type ToolCaller = 'model' | 'app';

/**
 * Whether `caller` may call a tool of this `ui`. A tool for its app alone (`["app"]`) is never
 * the model's; one for the model alone is never an app's. Absent or empty means both, as the
 * extension says; a list naming neither (only unknown callers) means neither.
 */
export function mayCall(
  ui: { visibility?: readonly ToolCaller[] } | undefined,
  caller: ToolCaller,
): boolean {
  if (!ui?.visibility) return true;
  return ui.visibility.includes(caller);
}

/** The tool `name` an app of `server` may call; a clear error for any other. */
export function toolForApp(
  server: { name: string; tools: readonly ToolView[]; disabled: readonly string[] },
  name: string,
): ToolView {
  const tool = server.tools.find((candidate) => candidate.name === name);
  if (!tool) throw new PatchbayError('not-allowed', `${server.name} has no tool ${name}.`);
  if (server.disabled.includes(name))
    throw new PatchbayError(
      'not-allowed',
      `The tool ${name} of ${server.name} is switched off, so its app cannot call it.`,
    );
  if (!mayCall(tool.ui, 'app'))
    throw new PatchbayError(
      'not-allowed',
      `${server.name}'s tool ${name} is for the model alone; its app may not call it.`,
    );
  return tool;
}

/**
 * Whether an app's call of its own server's tool waits for the person: on their grants alone
 * (the app is what they are using; no text from elsewhere steers it), with what changed in the
 * tool since they always allowed it, for the card.
 */
export function appCallAsks(
  tool: ToolView,
  approvals: ApprovalSettings,
): { ask: false } | { ask: true; changed: string[] } {
  if (!needsApproval(tool, approvals)) return { ask: false };
  return { ask: true, changed: changesSinceAllowed(tool, approvals) };
}
