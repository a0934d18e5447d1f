/**
 * Which tool an MCP App may call: one of its own server's, listed, switched on, and listed for
 * apps (`_meta.ui.visibility`). The background checks the same on every call; checking here
 * too lets the panel refuse before asking the person to approve something that cannot run.
 */
import { PatchbayError } from '../errors/patchbay-error';
import type { ToolView } from '../messaging/contract';
import { mayCall } from './tool-ui';

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
