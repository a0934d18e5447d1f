import { z } from 'zod';
import { PatchbayError } from '../errors/patchbay-error';
import type { McpManager } from '../mcp/manager';
import type { BrowserAccessService } from '../browser-access/browser-access-service';
import type { PageToolsService } from '../page-tools/page-tools-service';
import type { RoutineService } from '../routines/routine-service';
import type { SkillsService } from '../skills/skills-facade';
import { BROWSER_SERVER_ID } from './browser-access-contract';
import { browserAccessRoutes } from './browser-access-routes';
import { pageToolsRoutes } from './page-tools-routes';
import { routinesOf, routinesRoutes } from './routines-routes';
import { tasksRoutes } from './tasks-routes';
import type { Route } from './route';
import { allServersRoutes, oneServerRoutes } from './mcp-routes';
import { browserToolsDispatch, pageToolsDispatch } from './tools-only-routes';
import { PAGE_TOOLS_SERVER_ID } from './page-tools-contract';
import {
  type globalResults,
  parseRequestType,
  requestEnvelopeSchema,
  type serverResults,
  type ErrorBody,
  type GlobalRequestType,
  type Response,
  type ServerAction,
} from './contract';

/** Who sent a message, as chrome.runtime.MessageSender describes it. */
export interface MessageSenderInfo {
  id?: string;
  url?: string;
  origin?: string;
}

/** A request's handler behind its payload schema: the handler only ever sees valid input. */
type GlobalRoutes = { [K in GlobalRequestType]: Route<z.input<(typeof globalResults)[K]>> };
type ServerRoutes = { [A in ServerAction]: Route<z.input<(typeof serverResults)[A]>> };

export interface RouterOptions {
  manager: McpManager;
  /** Websites' own tools (src/page-tools/); without it, there are none. */
  pageTools?: PageToolsService;
  /** The browser as an MCP server and the chat's browser tools (src/browser-access/). */
  browserAccess?: BrowserAccessService;
  /** Routines (src/routines/); without it, there are none. */
  routines?: RoutineService;
  /** Servers' skills (src/skills/), over the manager's sessions; without it, there are none. */
  skills?: SkillsService;
  /** The extension's own id; only its pages may send commands. */
  extensionId: string;
}

/**
 * Validates and dispatches requests from the extension's pages. It always resolves with a
 * {@link Response}: errors become `{ ok: false, error }`, never a thrown value or `undefined`.
 */
export function createRouter({
  manager,
  extensionId,
  pageTools,
  browserAccess,
  routines,
  skills,
}: RouterOptions) {
  const access = () => {
    if (!browserAccess)
      throw new PatchbayError('not-found', 'Browser access is not available here.');
    return browserAccess;
  };
  const ownOrigin = `chrome-extension://${extensionId}`;

  function isOwnPage(sender: MessageSenderInfo): boolean {
    if (sender.id !== extensionId) return false;
    // Content scripts share the extension id but carry the web page's origin and URL.
    if (sender.origin !== undefined) return sender.origin === ownOrigin;
    return sender.url?.startsWith(`${ownOrigin}/`) ?? false;
  }

  async function handle(message: unknown, sender: MessageSenderInfo): Promise<Response> {
    try {
      if (!isOwnPage(sender)) {
        throw new PatchbayError(
          'forbidden-sender',
          'Only Patchbay’s own pages may send it commands.',
        );
      }
      const envelope = requestEnvelopeSchema.safeParse(message);
      if (!envelope.success) {
        throw new PatchbayError(
          'invalid-request',
          'A request needs a string "type" and an optional "payload".',
        );
      }
      const { type, payload } = envelope.data;
      const parsed = parseRequestType(type);
      if (!parsed)
        throw new PatchbayError(
          'unknown-type',
          `Patchbay does not know the request type "${type}".`,
        );
      const result =
        parsed.scope === 'global'
          ? await dispatchGlobal(parsed.type, payload)
          : await dispatchServer(parsed.serverId, parsed.action, payload, type);
      return { ok: true, result };
    } catch (error) {
      return { ok: false, error: toErrorBody(error) };
    }
  }

  // One route per request type, its payload validated by the contract's schema: the compiler
  // checks that every type has a handler and that each answers with what its result schema says.
  const globalRoutes: GlobalRoutes = {
    ...allServersRoutes({ manager, pageTools, browserAccess, routines, skills }),
    ...pageToolsRoutes(pageTools),
    ...browserAccessRoutes(access),
    ...tasksRoutes(manager),
    ...routinesRoutes(routinesOf(routines)),
  };

  const serverRoutes: ServerRoutes = oneServerRoutes(manager, skills);

  function dispatchGlobal(type: GlobalRequestType, payload: unknown): Promise<unknown> {
    return globalRoutes[type](payload, type);
  }

  function dispatchServer(
    serverId: string,
    action: ServerAction,
    payload: unknown,
    type: string,
  ): Promise<unknown> {
    if (serverId === PAGE_TOOLS_SERVER_ID) return dispatchPageTools(action, payload, type);
    if (serverId === BROWSER_SERVER_ID) return dispatchBrowserTools(action, payload, type);
    return serverRoutes[action](payload, type, serverId);
  }

  const dispatchPageTools = pageToolsDispatch(pageTools);
  const dispatchBrowserTools = browserToolsDispatch(access);

  return { handle, isOwnPage };
}

function toErrorBody(error: unknown): ErrorBody {
  if (PatchbayError.isInstance(error)) return error.toBody();
  // Unexpected: log the kind of failure here, and tell the page without internals.
  console.error(
    '[patchbay] unexpected error',
    error instanceof Error ? `${error.name}: ${error.message}` : typeof error,
  );
  return {
    code: 'internal',
    message:
      'Something went wrong inside Patchbay. Try again; if it persists, reload the extension.',
  };
}
