import { PostMessageTransport } from '@modelcontextprotocol/ext-apps/app-bridge';
import {
  createAppBridge,
  type AppHostPolicy,
  type McpUiDisplayMode,
} from '../../src/apps/app-bridge-host';
import { createSandboxFrame } from '../../src/apps/app-frame';
import { appResourceFrom } from '../../src/apps/app-resource';
import { hostContextFor, type HostEnvironment } from '../../src/apps/host-context';
import type { AppLoad } from './mcp-app-load';
import type { McpAppOptions } from './mcp-app-options';
import type { PatchbayClient } from '../../src/messaging/client';
import { appSandboxUrl } from '../../src/platform/chrome-app-host';
import { PatchbayError } from '../../src/errors/patchbay-error';

/**
 * Reads the app's UI resource from its server, opens the sandbox proxy's frame in `frameBox`
 * and connects a bridge answering with `policy`. Resolves once connected; the frame and bridge
 * are kept on `load` as soon as they exist, so a failure or teardown can take them away.
 */
export async function startApp(
  load: AppLoad,
  frameBox: HTMLElement,
  { serverId, serverName, tool }: McpAppOptions,
  policy: AppHostPolicy,
  context: {
    client: PatchbayClient;
    displayMode(): McpUiDisplayMode;
    environment(): HostEnvironment;
  },
): Promise<void> {
  const uri = tool.ui?.resourceUri ?? '';
  const { contents } = await context.client.server(serverId, 'resources/read', { uri });
  if (load.gone) return;
  const app = appResourceFrom(uri, contents, serverName);
  const frame = createSandboxFrame(
    document,
    appSandboxUrl(),
    `${tool.title ?? tool.name} (${serverName})`,
  );
  load.frame = frame;
  frameBox.append(frame);
  const proxy = frame.contentWindow;
  if (!proxy) throw new PatchbayError('internal', 'The app’s frame did not open.');
  const bridge = createAppBridge(policy, {
    hostContext: hostContextFor(tool, context.displayMode(), context.environment()),
    csp: app.csp,
  });
  load.bridge = bridge;
  bridge.onsandboxready = () =>
    void bridge.sendSandboxResourceReady({
      html: app.html,
      ...(app.csp ? { csp: app.csp } : {}),
    });
  return bridge.connect(new PostMessageTransport(proxy, proxy));
}
