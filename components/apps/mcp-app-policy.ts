import type { CallToolResult, ReadResourceResult } from '@modelcontextprotocol/client';
import { allowAlways } from '../../src/policy/grants';
import { appCallAsks, toolForApp } from '../../src/policy/app-calls';
import {
  DISPLAY_MODES,
  type AppHostPolicy,
  type McpUiDisplayMode,
} from '../../src/apps/app-bridge-host';
import type { AppPromptAnswer, AppPromptRequest } from '../../src/apps/app-prompt';
import { MAX_INLINE_HEIGHT } from '../../src/apps/host-context';
import { assertAlive, type AppLoad } from './mcp-app-load';
import type { McpAppOptions } from './mcp-app-options';
import type { PatchbayClient } from '../../src/messaging/client';
import { openAppLink } from '../../src/platform/chrome-app-host';
import { PatchbayError } from '../../src/errors/patchbay-error';

const MIN_HEIGHT = 48;

/** What the policy needs from the card holding one load of the app. */
export interface AppPolicyHost {
  load: AppLoad;
  /** The panel's client, through which the app reaches its own server. */
  client: PatchbayClient;
  /** The card's options as they are now. */
  options(): McpAppOptions;
  /** Puts a question before the person and waits for the answer. */
  ask(prompt: AppPromptRequest): Promise<AppPromptAnswer>;
  displayMode(): McpUiDisplayMode;
  setDisplayMode(mode: McpUiDisplayMode): void;
  /** Shows what the app last told the model (undefined: nothing). */
  showModelContext(text: string | undefined): void;
  setHeight(height: number): void;
  /** The app asked to be closed. */
  close(): void;
  /** The app said it is ready, once. */
  started(): void;
}

/**
 * Patchbay's rules for one app: its own server's tools under the person's approvals, its
 * server's resources, links and messages only once the person agrees, a bounded height, and
 * nothing at all once the load is over.
 */
export function createAppPolicy(host: AppPolicyHost): AppHostPolicy {
  const { load, client } = host;
  const { serverId } = host.options();
  return {
    async callTool(name, args) {
      assertAlive(load);
      const { serverName, loadApprovals, saveApprovals } = host.options();
      const listed = await client.server(serverId, 'tools/get');
      const view = toolForApp({ name: serverName, ...listed }, name);
      const approvals = await loadApprovals();
      const decision = appCallAsks(view, approvals);
      if (decision.ask) {
        const answer = await host.ask({
          kind: 'tool',
          toolName: name,
          args,
          changed: decision.changed,
        });
        if (answer === 'deny') throw new PatchbayError('not-allowed', `The person denied ${name}.`);
        if (answer === 'always') await saveApprovals(allowAlways(await loadApprovals(), view));
      }
      assertAlive(load);
      const result = await client.server(serverId, 'tool/call', {
        name,
        arguments: args,
        caller: 'app',
      });
      return result as CallToolResult;
    },
    // The background's SDK checked the answer against the MCP schema; it passes on as it is.
    async readResource(uri) {
      assertAlive(load);
      return (await client.server(serverId, 'resources/read', { uri })) as ReadResourceResult;
    },
    async listResources(cursor) {
      assertAlive(load);
      const page = await client.server(serverId, 'resources/list', cursor ? { cursor } : {});
      return {
        resources: page.resources.map(({ serverId: _server, iconDataUrl: _icon, ...item }) => item),
        ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}),
      };
    },
    async openLink(url) {
      if ((await host.ask({ kind: 'link', url })) === 'deny' || load.gone) return false;
      await openAppLink(url);
      return true;
    },
    async sendMessage(text) {
      if ((await host.ask({ kind: 'message', text })) === 'deny' || load.gone) return false;
      return host.options().sendMessage(text);
    },
    updateModelContext(update) {
      assertAlive(load);
      const { callId, serverName, tool } = host.options();
      host.showModelContext(update?.text);
      host
        .options()
        .setModelContext(
          callId,
          update ? { callId, serverName, toolName: tool.name, text: update.text } : undefined,
        );
    },
    requestDisplayMode(mode) {
      if (load.gone || !DISPLAY_MODES.includes(mode)) return host.displayMode();
      host.setDisplayMode(mode);
      return mode;
    },
    sizeChanged({ height: wanted }) {
      if (!load.gone && typeof wanted === 'number' && Number.isFinite(wanted))
        host.setHeight(Math.round(Math.min(MAX_INLINE_HEIGHT, Math.max(MIN_HEIGHT, wanted))));
    },
    teardownRequested() {
      if (!load.frame || load.gone) return;
      host.close();
    },
    initialized() {
      if (load.gone || load.ready) return;
      host.started();
    },
  };
}
