/**
 * A server's card in Chromium: folded to its name, state, tool count and one action, with a
 * Details part for the rest; a letter icon where a server has none; Remove on the row of the
 * card's other actions at the panel's widths.
 */
import type { Locator, Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { letterColor } from '../../src/ui/letter-icon';
import { startFixtureServer, type FixtureServer } from '../fixtures/mcp-fixture-server';
import { closeAfterTest, freshExtensionPerTest } from './harness';
import { addServerThroughForm, openDetails } from './server-setup';

const session = freshExtensionPerTest();
let fixture: FixtureServer;
let page: Page;

beforeEach(async () => {
  fixture = closeAfterTest(await startFixtureServer());
  page = await session.openServers();
});

/** The card's controls a person can see, by role and name. */
const visibleControls = (card: Locator) =>
  card.evaluate((element) =>
    [...element.querySelectorAll<HTMLElement>('button, input, a[href], summary, select')]
      .filter((control) => control.checkVisibility())
      .map(
        (control) =>
          `${control.getAttribute('role') ?? control.tagName.toLowerCase()}: ${
            control.getAttribute('aria-label') ?? control.textContent
          }`,
      ),
  );

/** Adds the fixture as Acme Notes through the form; returns its card once connected. */
async function addAcmeNotes(): Promise<Locator> {
  const card = await addServerThroughForm(page, {
    name: 'Acme Notes',
    url: fixture.mcpUrl,
    enable: true,
  });
  await card.getByText('7 tools on', { exact: true }).waitFor();
  return card;
}

const words = async (locator: Locator) => (await locator.innerText()).replace(/\s+/g, ' ').trim();

describe('a server’s card', () => {
  it('folds to its name, state, tool count and one action: its switch while it works', async () => {
    const card = await addAcmeNotes();
    const host = new URL(fixture.mcpUrl).host;
    expect(await words(card)).toBe(
      `A Acme Notes Custom server at ${host} Connected 7 tools on Details`,
    );
    expect(await visibleControls(card)).toEqual([
      'switch: Enable Acme Notes',
      'button: Details of Acme Notes',
    ]);
    await expect(card.locator('[data-tool]').count()).resolves.toBe(0);
  });

  it('offers the step a server waits for instead of its switch, which waits in Details', async () => {
    const keyed = closeAfterTest(
      await startFixtureServer({ requiredHeaders: { 'X-Team': 'blue' } }),
    );
    const card = await addServerThroughForm(page, { name: 'Team docs', url: keyed.mcpUrl });
    await card.locator('[data-state="needs-auth"]').waitFor({ timeout: 15_000 });
    expect(await visibleControls(card)).toEqual([
      'button: Sign in',
      'button: Details of Team docs',
    ]);
    const details = await openDetails(card);
    const toggle = details.getByRole('switch', { name: 'Enable Team docs' });
    await expect(toggle.isChecked()).resolves.toBe(true);
    await toggle.click();
    // Off, its switch is the card's action again, and no word repeats what it says.
    await card
      .locator('.server-action')
      .getByRole('switch', { name: 'Enable Team docs' })
      .waitFor();
    await expect(card.locator('[data-state]').count()).resolves.toBe(0);
    await expect(card.getByText('Off', { exact: true }).count()).resolves.toBe(0);
  });

  it('opens its Details from the keyboard: tools, what it offers besides, how it connects', async () => {
    const card = await addAcmeNotes();
    const button = card.getByRole('button', { name: 'Details of Acme Notes' });
    await expect(button.getAttribute('aria-expanded')).resolves.toBe('false');
    await button.focus();
    await page.keyboard.press('Enter');
    const details = card.locator('.server-more-body');
    await details.waitFor();
    await expect(button.getAttribute('aria-expanded')).resolves.toBe('true');
    const controlled = await button.getAttribute('aria-controls');
    await expect(details.evaluate((element) => element.parentElement?.id)).resolves.toBe(
      controlled,
    );
    await expect(card.locator('[data-tool]').count()).resolves.toBe(7);
    await details.getByRole('switch', { name: 'Use echo' }).waitFor();
    await details
      .getByRole('switch', { name: 'Run tools the server says are read-only without asking' })
      .waitFor();
    await details
      .getByRole('switch', { name: 'Let Acme Notes ask your model to write text' })
      .waitFor();
    await details.getByText('MCP calls this sampling.', { exact: false }).waitFor();
    await details.getByText(/^Streamable HTTP, MCP version \d{4}-\d{2}-\d{2}$/).waitFor();
    await details.getByText(fixture.mcpUrl).waitFor();
    for (const name of ['Check', 'Edit', 'Remove'])
      await details.getByRole('button', { name }).waitFor();
    await session.screenshot(page, 'servers-card-details');

    await button.press('Enter');
    await expect(button.getAttribute('aria-expanded')).resolves.toBe('false');
    await expect(card.locator('[data-tool]').count()).resolves.toBe(0);
  });

  it('draws a letter icon, not an image, for a server without one, its colour from its name', async () => {
    const card = await addServerThroughForm(page, { name: 'fixture', url: fixture.mcpUrl });
    const icon = card.locator('.server-icon');
    await expect(icon.evaluate((element) => element.tagName)).resolves.toBe('SPAN');
    await expect(icon.textContent()).resolves.toBe('F');
    const hex = letterColor('fixture');
    const [r, g, b] = [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16));
    await expect(
      icon.evaluate((element) => getComputedStyle(element).backgroundColor),
    ).resolves.toBe(`rgb(${r}, ${g}, ${b})`);
    // Built-in servers keep their own icons.
    await expect(
      page.locator('[data-server-id="notion"] .server-icon').evaluate((element) => element.tagName),
    ).resolves.toBe('IMG');
  });

  it.each([360, 600])('keeps Remove on the row of the card’s actions at %i px', async (width) => {
    await page.setViewportSize({ width, height: 720 });
    const card = await addAcmeNotes();
    const details = await openDetails(card);
    const row = async (name: string) =>
      (await details.getByRole('button', { name, exact: true }).boundingBox())!;
    const [check, edit, remove] = [await row('Check'), await row('Edit'), await row('Remove')];
    const box = (await card.boundingBox())!;
    expect(remove.y).toBe(check.y);
    expect(edit.y).toBe(check.y);
    expect(remove.x + remove.width).toBeLessThanOrEqual(box.x + box.width);
    await session.screenshot(page, `servers-card-actions-${width}`);
    await expect(
      page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      ),
    ).resolves.toBe(0);
  });
});
