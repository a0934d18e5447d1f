/**
 * The SDK's Client as Patchbay makes it for one server: what it tells servers it can do (forms
 * with defaults, pages to open, sampling, MCP Apps), the JSON Schema validator MV3 allows, the
 * era negotiation, and the handlers for what the server tells or asks it. connection.ts
 * connects it.
 */
import type { Client, ClientCapabilities, Tool } from '@modelcontextprotocol/client';
import { CfWorkerJsonSchemaValidator } from '@modelcontextprotocol/client/validators/cf-worker';
import { APP_MIME_TYPE, APPS_EXTENSION_ID } from '../apps/tool-ui';
import type { ConnectionError } from '../errors/connection-error';
import type { ServerRequestHandlers } from './asks/server-requests';
import { toConnectionError } from './classify-error';
import type { TransportKind } from './connection-types';
import { MAX_TOOL_PAGES } from './list-tools';
import { SKILLS_EXTENSION_ID } from './skills-extension';
import { TaskHandleClient } from './tasks/task-handle-client';

export const CLIENT_INFO = { name: 'Patchbay', version: '0.1.0' };

/** What a connection tells and asks of Patchbay (each optional: none, nothing is heard). */
export interface ClientEvents {
  /** The server's tool list changed; the SDK has already fetched the new one. */
  onToolsChanged?: (tools: Tool[]) => void;
  /** The connection ended without `close()` being called. */
  onLost?: (error: ConnectionError) => void;
  /** Answers what the server asks of the client (elicitation, sampling); none: nothing asked. */
  requests?: ServerRequestHandlers;
  /** A resource the client subscribed to changed. */
  onResourceUpdated?: (uri: string) => void;
  /** The server's resources or prompts changed. */
  onFeaturesChanged?: (kind: 'resources' | 'prompts') => void;
}

/**
 * MCP Apps: the panel renders tools' `ui://` interfaces (src/apps/). Skills (SEP-2640): listed in
 * the Servers card, offered to the model once the person allows them (src/skills/server-skills.ts).
 */
const APPS_EXTENSION = {
  [APPS_EXTENSION_ID]: { mimeTypes: [APP_MIME_TYPE] },
  [SKILLS_EXTENSION_ID]: {},
};

/**
 * What Patchbay tells servers it can do: forms with the defaults filled in (SEP-1034), pages
 * to open (URL mode), and sampling, which runs only after the person agrees each time.
 */
const ASKING_CAPABILITIES = {
  elicitation: { form: { applyDefaults: true }, url: {} },
  sampling: {},
};

/** What Patchbay declares it can do, with or without answering servers' questions. */
export function clientCapabilities(asking: boolean): ClientCapabilities {
  return { ...(asking ? ASKING_CAPABILITIES : {}), extensions: APPS_EXTENSION };
}

/** A Client for a connection over `kind`, with `options`' handlers in place. */
export function createSdkClient(kind: TransportKind, options: ClientEvents): Client {
  const onToolsChanged = options.onToolsChanged;
  const requests = options.requests;
  const onFeaturesChanged = options.onFeaturesChanged;
  const featureChanged = (kind: 'resources' | 'prompts') => ({
    // Pages ask again when they need the list; fetching it here would be wasted.
    autoRefresh: false,
    onChanged: () => onFeaturesChanged?.(kind),
  });
  // A client that can take a 2026 task handle (src/mcp/tasks/); the same Client otherwise.
  const client = new TaskHandleClient(CLIENT_INFO, {
    capabilities: clientCapabilities(requests !== undefined),
    // The SDK picks Ajv in Node, which compiles code at run time; MV3 forbids that, and tests
    // should validate the way the extension does.
    jsonSchemaValidator: new CfWorkerJsonSchemaValidator(),
    listMaxPages: MAX_TOOL_PAGES,
    // 2026-07-28 servers are found by probing `server/discover`; the legacy SSE transport is
    // 2025-era only.
    ...(kind === 'streamable-http' ? { versionNegotiation: { mode: 'auto' as const } } : {}),
    // `notifications/tools/list_changed` (2025) or a `subscriptions/listen` stream (2026): the
    // SDK listens in either era and re-lists the tools itself.
    ...(onToolsChanged
      ? {
          listChanged: {
            ...(onFeaturesChanged
              ? { resources: featureChanged('resources'), prompts: featureChanged('prompts') }
              : {}),
            tools: {
              onChanged: (error: Error | null, tools: Tool[] | null) => {
                // A list that cannot be fetched again means the connection is in trouble.
                if (error) options.onLost?.(toConnectionError(error));
                else if (tools) onToolsChanged(tools);
              },
            },
          },
        }
      : {}),
  });

  if (requests) {
    client.setRequestHandler('elicitation/create', (request, context) =>
      requests.elicit(request.params, context.mcpReq.signal),
    );
    client.setRequestHandler('sampling/createMessage', (request, context) =>
      requests.sample(request.params, context.mcpReq.signal),
    );
    client.setNotificationHandler('notifications/elicitation/complete', (notification) =>
      requests.elicitationComplete(notification.params.elicitationId),
    );
  }
  const onResourceUpdated = options.onResourceUpdated;
  if (onResourceUpdated) {
    client.setNotificationHandler('notifications/resources/updated', (notification) =>
      onResourceUpdated(notification.params.uri),
    );
  }
  return client;
}
