// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { BrowserTools } from '../../../../components/page-tools/BrowserTools';
import { useBrowserTools } from '../../../../components/page-tools/use-browser-tools';
import { createPatchbayClient } from '../../../../src/messaging/client';
import type { BrowserSiteView } from '../../../../src/messaging/page-tools-contract';
import { withClient } from '../../../helpers/with-client';

afterEach(cleanup);

/**
 * A worker that keeps the shop's switched-off tools, answering each change only when told to
 * (as a busy worker answers later than the person clicks).
 */
function slowWorker() {
  let disabled: string[] = [];
  const sets: string[][] = [];
  const waiting: (() => void)[] = [];
  const site = (): BrowserSiteView => ({
    domain: 'shop.example',
    tools: [{ name: 'get_cart', description: 'The cart.', tabs: [1], kept: false }],
    disabled,
  });
  const client = createPatchbayClient({
    async send(message) {
      if (message.type === 'page-tools/list') return { ok: true, result: { sites: [site()] } };
      if (message.type === 'page-tools/disabled/set') {
        const { names } = message.payload as { names: string[] };
        sets.push(names);
        await new Promise<void>((resolve) => waiting.push(resolve));
        disabled = names;
        return { ok: true, result: {} };
      }
      throw new Error(`unexpected ${message.type}`);
    },
    subscribe: () => () => undefined,
  });
  const answerAll = () => waiting.splice(0).forEach((answer) => answer());
  return { client, sets, answerAll, disabled: () => disabled };
}

function Section() {
  const { sites, setDisabled } = useBrowserTools();
  return <BrowserTools sites={sites} onDisabledChange={setDisabled} />;
}

describe('a site’s tool switches', () => {
  it('read what the last click set, before the worker answers it', async () => {
    const worker = slowWorker();
    render(<Section />, { wrapper: withClient(worker.client) });
    const toolSwitch = await screen.findByRole('switch', { name: 'Use get_cart of shop.example' });
    expect((toolSwitch as HTMLInputElement).checked).toBe(true);
    fireEvent.click(toolSwitch);
    expect((toolSwitch as HTMLInputElement).checked).toBe(false);
    // Clicked again while the first change is still on its way: back on.
    fireEvent.click(toolSwitch);
    expect(worker.sets).toEqual([['get_cart'], []]);
    worker.answerAll();
    await waitFor(() => expect(worker.disabled()).toEqual([]));
    await waitFor(() => expect((toolSwitch as HTMLInputElement).checked).toBe(true));
  });
});
