/**
 * Adding a server, the two ways end-to-end tests do it: through the Servers panel's form, as a
 * person would, or with one request over the extension's messaging when the form is not what
 * the test is about.
 */
import type { Locator, Page } from 'playwright-core';
import { allowAlways, type ApprovalSettings } from '../../src/policy/grants';
import type { ToolView } from '../../src/messaging/contract';
import { requestFrom, type ExtensionSession } from './harness';

export interface ServerFormInput {
  name: string;
  url: string;
  /** Header names and values, entered as Header 1, Header 2, … */
  headers?: Record<string, string>;
}

/** The card of the server named `name` in the Servers panel. */
export const serverCard = (page: Page, name: string): Locator =>
  page.locator('li.server', { hasText: name });

/**
 * Opens the Details of a server's card (its tools, what it offers besides, Check, Edit, Sign
 * out, Remove) unless open, and waits for them: the part loads with the first card opened.
 */
export async function openDetails(card: Locator): Promise<Locator> {
  const button = card.getByRole('button', { name: /^Details of / });
  if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
  const part = card.locator('.server-more-body');
  await part.waitFor({ timeout: 10_000 });
  return part;
}

/**
 * The switch of the server named `name`, wherever its card puts it: its one action while it
 * is off or works, otherwise in its Details (opened here).
 */
export async function serverSwitch(card: Locator, name: string): Promise<Locator> {
  await openDetails(card);
  return card.getByRole('switch', { name: `Enable ${name}` });
}

/**
 * Opens the Add server form on the Servers panel (`page` shows it) and fills it in, without
 * saving; returns the form, for a test that tries it first.
 */
export async function fillAddServerForm(page: Page, input: ServerFormInput): Promise<Locator> {
  await page.getByRole('button', { name: 'Add server' }).click();
  const form = page.getByRole('form', { name: 'Add a server' });
  await form.getByLabel('Name', { exact: true }).fill(input.name);
  await form.getByLabel('URL').fill(input.url);
  for (const [index, [name, value]] of Object.entries(input.headers ?? {}).entries()) {
    await form.getByRole('button', { name: 'Add header' }).click();
    await form.getByLabel(`Header ${index + 1} name`).fill(name);
    await form.getByLabel(`Header ${index + 1} value`).fill(value);
  }
  return form;
}

/**
 * Adds a server through the Servers panel's form and returns its card. With `enable`, switches
 * it on and waits until it is connected.
 */
export async function addServerThroughForm(
  page: Page,
  input: ServerFormInput & { enable?: boolean },
): Promise<Locator> {
  const form = await fillAddServerForm(page, input);
  await form.getByRole('button', { name: 'Add server' }).click();
  const card = serverCard(page, input.name);
  await card.waitFor();
  // Added by hand, a server switches itself on; `enable` waits until it is connected.
  if (input.enable) await connectedCard(card);
  return card;
}

/** A server added by hand switches itself on: waits until its card says it is connected. */
export async function connectedCard(card: Locator): Promise<void> {
  await card.locator('[data-state="connected"]').waitFor({ timeout: 15_000 });
}

/**
 * Adds a server with a request, as the panel makes it, and switches it on. Returns its id and
 * the status switching on gave (for a server that needs a sign-in, the sign-in may still be
 * under way).
 */
export async function addAndSwitchOn(
  session: ExtensionSession,
  page: Page,
  input: { name: string; url: string },
): Promise<{ id: string; status: { state: string } }> {
  const { server } = await requestFrom<{ server: { id: string } }>(
    session,
    page,
    'mcp/servers/add',
    input,
  );
  const { status } = await requestFrom<{ status: { state: string } }>(
    session,
    page,
    `mcp/${server.id}/enable`,
  );
  return { id: server.id, status };
}

/**
 * Adds a server with a request, as the panel makes it, and switches it on; throws unless it
 * connected. Returns the server's id.
 */
export async function addEnabledServer(
  session: ExtensionSession,
  page: Page,
  input: { name: string; url: string },
): Promise<string> {
  const { id, status } = await addAndSwitchOn(session, page, input);
  if (status.state !== 'connected') {
    throw new Error(`${input.name} did not connect: ${JSON.stringify(status)}`);
  }
  return id;
}

/** The id of the server named `name`, as the background lists it. */
export async function serverIdOf(
  session: ExtensionSession,
  page: Page,
  name: string,
): Promise<string> {
  const { servers } = await requestFrom<{ servers: { id: string; name: string }[] }>(
    session,
    page,
    'mcp/servers/get',
  );
  const found = servers.find((server) => server.name === name);
  if (!found) throw new Error(`${name} is not in the list of servers`);
  return found.id;
}

/**
 * Stores "Always allow" for each tool named (by server id and name), as the person's approval
 * cards would have, and reloads the panel so the chat reads them.
 */
export async function allowAlwaysIn(
  session: ExtensionSession,
  page: Page,
  named: readonly (readonly [serverId: string, name: string])[],
): Promise<void> {
  const { tools } = await requestFrom<{ tools: ToolView[] }>(session, page, 'mcp/tools/list');
  let approvals: ApprovalSettings = {};
  for (const [serverId, name] of named) {
    const tool = tools.find((each) => each.serverId === serverId && each.name === name);
    if (!tool) throw new Error(`No tool ${name} of ${serverId} is listed.`);
    approvals = allowAlways(approvals, tool);
  }
  await page.evaluate(
    (value) =>
      (
        globalThis as unknown as {
          chrome: { storage: { local: { set(items: unknown): Promise<void> } } };
        }
      ).chrome.storage.local.set({ 'chat.approvals': value }),
    approvals,
  );
  await page.reload();
}

/**
 * Stores a switched-on custom server as sync or a backup without secrets leaves it: the
 * header's name without its value; the background reads it as after a restore. The panel
 * shows it once reloaded.
 */
export async function storeServerWithoutHeaderValue(
  session: ExtensionSession,
  page: Page,
  server: { id: string; name: string; url: string; header: string },
): Promise<void> {
  await page.evaluate(async ({ id, name, url, header }) => {
    await (
      globalThis as unknown as {
        chrome: { storage: { local: { set(items: unknown): Promise<void> } } };
      }
    ).chrome.storage.local.set({
      customMcpServers: [
        {
          id,
          name,
          url,
          description: 'Custom server',
          isCustom: true,
          requiresAuthentication: false,
          headers: [{ key: header, value: '' }],
        },
      ],
      [`mcp.${id}.enabled`]: true,
    });
  }, server);
  await session.send(page, 'backup/restored');
}
