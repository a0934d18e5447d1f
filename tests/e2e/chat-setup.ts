/**
 * What chat end-to-end tests set up through the extension itself: a request over its messaging,
 * the scripted model as the configured one, and a server added and switched on.
 */
import type { Page } from 'playwright-core';
import type { ExtensionSession } from './harness';

type Envelope<T> = { ok: true; result: T } | { ok: false; error: { message: string } };

/** A request to the background from `page`, as the panel makes it; throws its error. */
export async function requestFrom<T>(
  session: ExtensionSession,
  page: Page,
  type: string,
  payload?: unknown,
): Promise<T> {
  const response = (await session.send(page, type, payload)) as Envelope<T>;
  if (!response.ok) throw new Error(response.error.message);
  return response.result;
}

/**
 * Points the chat at the scripted OpenAI-format model, adds the server at `url` and switches it
 * on, then reloads the panel so it starts from there. Returns the server's id.
 */
export async function chatWithServer(
  session: ExtensionSession,
  page: Page,
  options: { modelBaseUrl: string; serverName: string; serverUrl: string },
): Promise<string> {
  await chooseScriptedModel(page, options.modelBaseUrl);
  const { server } = await requestFrom<{ server: { id: string } }>(
    session,
    page,
    'mcp/servers/add',
    { name: options.serverName, url: options.serverUrl },
  );
  await requestFrom(session, page, `mcp/${server.id}/enable`);
  await page.reload();
  return server.id;
}

/** Makes the scripted OpenAI-format model at `baseUrl` the chat's model. */
export async function chooseScriptedModel(page: Page, baseUrl: string): Promise<void> {
  await page.evaluate(
    (value) =>
      (
        globalThis as unknown as {
          chrome: { storage: { local: { set(items: unknown): Promise<void> } } };
        }
      ).chrome.storage.local.set({ 'chat.model': value }),
    { provider: 'compatible', baseUrl, model: 'scripted-model' },
  );
}
