import { PatchbayError } from '../errors/patchbay-error';
import type { ServerResults, ServerPayloads } from '../messaging/contract';
import type {
  PromptView,
  ResourceTemplateView,
  ResourceView,
} from '../messaging/features-contract';
import type { Connection } from './connection';
import { promptView, resourceView, templateView } from './feature-views';
import { onServer, REQUEST_TIMEOUT_MS } from './on-server';
import type { ServerSession } from './session/server-session';

/** Pages of resources or prompts gathered per server for the pickers. */
const PICKER_PAGES = 5;
/** Items per server the pickers get; a server with more is searched by its first ones. */
const PICKER_ITEMS = 500;
const options = { timeout: REQUEST_TIMEOUT_MS };

/**
 * One page of a list, as the server sent it. The SDK's list methods walk every page when given
 * no cursor (up to their page cap, failing past it); pages and pickers want one at a time.
 */
function onePage<M extends 'resources/list' | 'resources/templates/list' | 'prompts/list'>(
  connection: Connection,
  method: M,
  cursor: string | undefined,
) {
  return connection.client.request({ method, params: cursor ? { cursor } : {} }, options);
}

export async function listResources(
  session: ServerSession,
  cursor?: string,
): Promise<ServerResults['resources/list']> {
  const page = await onServer(session, 'resources', 'list its resources', (connection) =>
    onePage(connection, 'resources/list', cursor),
  );
  return {
    resources: page.resources.map((item) => resourceView(session, item)),
    ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}),
  };
}

export async function listResourceTemplates(
  session: ServerSession,
  cursor?: string,
): Promise<ServerResults['resources/templates/list']> {
  const page = await onServer(session, 'resources', 'list its resource templates', (connection) =>
    onePage(connection, 'resources/templates/list', cursor),
  );
  return {
    templates: page.resourceTemplates.map((item) => templateView(session, item)),
    ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}),
  };
}

export async function readResource(
  session: ServerSession,
  uri: string,
): Promise<ServerResults['resources/read']> {
  const result = await onServer(session, 'resources', `read ${uri}`, (connection) =>
    connection.client.readResource({ uri }, { ...options, cacheMode: 'bypass' }),
  );
  return { contents: result.contents };
}

export async function subscribeResource(
  session: ServerSession,
  uri: string,
): Promise<ServerResults['resources/subscribe']> {
  if (session.subscriptions.has(uri)) return { subscribed: true };
  // Noted before the server is asked, so an unsubscribe meanwhile is not lost.
  session.subscriptions.add(uri);
  try {
    await onServer(session, 'resources', `keep ${uri} fresh`, async (connection) => {
      if (!connection.capabilities?.resources?.subscribe)
        throw new PatchbayError(
          'invalid-request',
          `${session.config.name} does not tell when its resources change.`,
        );
      await connection.subscribe(uri);
    });
  } catch (error) {
    session.subscriptions.delete(uri);
    throw error;
  }
  // Unsubscribed while the server was being asked: take it back.
  if (!session.subscriptions.has(uri)) await session.live?.unsubscribe(uri).catch(() => undefined);
  return { subscribed: session.subscriptions.has(uri) };
}

export async function unsubscribeResource(
  session: ServerSession,
  uri: string,
): Promise<ServerResults['resources/unsubscribe']> {
  if (!session.subscriptions.delete(uri)) return { subscribed: false };
  const connection = session.live;
  await connection?.unsubscribe(uri).catch(() => undefined);
  return { subscribed: false };
}

export async function listPrompts(
  session: ServerSession,
  cursor?: string,
): Promise<ServerResults['prompts/list']> {
  const page = await onServer(session, 'prompts', 'list its prompts', (connection) =>
    onePage(connection, 'prompts/list', cursor),
  );
  return {
    prompts: page.prompts.map((item) => promptView(session, item)),
    ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}),
  };
}

export async function getPrompt(
  session: ServerSession,
  payload: ServerPayloads['prompts/get'],
): Promise<ServerResults['prompts/get']> {
  const result = await onServer(
    session,
    'prompts',
    `give the prompt ${payload.name}`,
    (connection) =>
      connection.client.getPrompt(
        { name: payload.name, arguments: payload.arguments ?? {} },
        options,
      ),
  );
  return {
    ...(result.description ? { description: result.description } : {}),
    messages: result.messages.map((message) => ({
      role: message.role,
      content: message.content as Record<string, unknown>,
    })),
  };
}

export async function complete(
  session: ServerSession,
  payload: ServerPayloads['completion/complete'],
): Promise<ServerResults['completion/complete']> {
  const result = await onServer(session, 'completions', 'suggest values', (connection) =>
    connection.client.complete(
      {
        ref: payload.ref,
        argument: payload.argument,
        ...(payload.context ? { context: { arguments: payload.context } } : {}),
      },
      options,
    ),
  );
  const { values, total, hasMore } = result.completion;
  return {
    // The spec caps an answer at 100 values; the SDK refuses one with more (request-failed).
    values,
    ...(total !== undefined ? { total } : {}),
    ...(hasMore !== undefined ? { hasMore } : {}),
  };
}

/** Gathers a server's first pages of something for a picker; a failing server offers none. */
async function gather<T>(
  session: ServerSession,
  feature: 'resources' | 'prompts',
  page: (cursor?: string) => Promise<{ items: T[]; nextCursor?: string }>,
): Promise<T[]> {
  if (!session.isEnabled || !session.isConnected || !session.live?.capabilities?.[feature])
    return [];
  const items: T[] = [];
  let cursor: string | undefined;
  for (let pages = 0; pages < PICKER_PAGES && items.length < PICKER_ITEMS; pages += 1) {
    let next: { items: T[]; nextCursor?: string };
    try {
      next = await page(cursor);
    } catch (error) {
      // A page that cannot be used ends the gathering; what came before it is still offered.
      if (pages === 0) throw error;
      break;
    }
    items.push(...next.items);
    if (!next.nextCursor || next.nextCursor === cursor) break;
    cursor = next.nextCursor;
  }
  return items.slice(0, PICKER_ITEMS);
}

/** The resources and templates of every connected server, for the "@" picker. */
export async function allResources(
  sessions: readonly ServerSession[],
): Promise<{ resources: ResourceView[]; templates: ResourceTemplateView[] }> {
  const perServer = await Promise.allSettled(
    sessions.map(async (session) => ({
      resources: await gather(session, 'resources', async (cursor) => {
        const page = await listResources(session, cursor);
        return {
          items: page.resources,
          ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}),
        };
      }),
      templates: await gather(session, 'resources', async (cursor) => {
        const page = await listResourceTemplates(session, cursor);
        return {
          items: page.templates,
          ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}),
        };
      }).catch(() => []),
    })),
  );
  const settled = perServer.flatMap((result) =>
    result.status === 'fulfilled' ? [result.value] : [],
  );
  return {
    resources: settled.flatMap((entry) => entry.resources),
    templates: settled.flatMap((entry) => entry.templates),
  };
}

/** The prompts of every connected server, for the "/" picker. */
export async function allPrompts(sessions: readonly ServerSession[]): Promise<PromptView[]> {
  const perServer = await Promise.allSettled(
    sessions.map((session) =>
      gather(session, 'prompts', async (cursor) => {
        const page = await listPrompts(session, cursor);
        return { items: page.prompts, ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}) };
      }),
    ),
  );
  return perServer.flatMap((result) => (result.status === 'fulfilled' ? result.value : []));
}
