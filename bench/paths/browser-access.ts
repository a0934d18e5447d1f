/**
 * Browser access: a browser tool's round trip from an external MCP client, through the relay
 * (in process, on loopback) and the extension's MCP server, into a page and back.
 *
 *   external read_page: an SDK client over Streamable HTTP → relay → the browser's WebSocket →
 *                       the extension's MCP server → the page agent → back, vs the floor = the
 *                       same call from the side panel over chrome.runtime (the browser's work
 *                       alone);
 *   external tabs_list: the same path for a tool that touches no page, vs the floor = one no-op
 *                       message.
 */
import { performance } from 'node:perf_hooks';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { startTestRelay } from '../../relay/test/helpers';
import type { BenchBrowser } from '../lib/browser';
import { timeMessage } from '../lib/in-page';
import { median, type Row } from '../lib/stats';
import type { FixtureSites } from '../../tests/fixtures/page-tools/site-server';

const WARMUP = 5;

export async function measureBrowserAccess(
  browser: BenchBrowser,
  sites: FixtureSites,
  runs: number,
): Promise<Row[]> {
  // Back-to-back calls measure the path, not the relay's per-user request rate.
  const relay = await startTestRelay({ httpRequestsPerSecond: 10_000 });
  const client = new Client({ name: 'Bench App', version: '1.0.0' });
  const tab = await browser.context.newPage();
  try {
    await tab.goto(sites.url('plain.localhost'));
    await browser.send('browser-access/enabled/set', { enabled: true });
    await browser.send('browser-access/link/save', {
      url: relay.url,
      token: await relay.token('bench', 'browser'),
    });
    await browser.send('browser-access/link/connect');
    await browser.send('browser-access/in-chat/set', { enabled: true });
    for (let waited = 0; ; waited += 20) {
      const { view } = await browser.send<{ view: { link: { state: string } } }>(
        'browser-access/get',
      );
      if (view.link.state === 'connected') break;
      if (waited > 10_000) throw new Error('the browser did not link to the relay within 10 s');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const token = await relay.token('bench', 'client');
    await client.connect(
      new StreamableHTTPClientTransport(new URL('/mcp', relay.url), {
        requestInit: { headers: { Authorization: `Bearer ${token}` } },
      }),
    );
    await client.listTools();
    const { view } = await browser.send<{ view: { clients: { id: string; name: string }[] } }>(
      'browser-access/get',
    );
    const clientId = view.clients.find((each) => each.name === 'Bench App')!.id;
    await browser.send('browser-access/client/policy', { clientId, policy: 'all' });

    const { content } = (await client.callTool({ name: 'tabs_list', arguments: {} })) as {
      content: { text: string }[];
    };
    const line = content[0]!.text.split('\n').find((each) => each.includes('plain.localhost'));
    const tabId = Number(/Tab (\d+)/.exec(line ?? '')?.[1]);
    const read = { name: 'read_page', arguments: { tabId, maxChars: 2000 } };
    const timed = async (call: { name: string; arguments: Record<string, unknown> }) => {
      const started = performance.now();
      const result = await client.callTool(call);
      if (result.isError) throw new Error(JSON.stringify(result.content));
      return performance.now() - started;
    };

    const external: number[] = [];
    const inPanel: number[] = [];
    const list: number[] = [];
    const noop: number[] = [];
    for (let run = 0; run < runs + WARMUP; run += 1) {
      const samples = [
        await timed(read),
        await timeMessage(browser.page, { type: 'mcp/browser/tool/call', payload: read }),
        await timed({ name: 'tabs_list', arguments: {} }),
        await timeMessage(browser.page, { type: 'bench/noop' }, { expectError: true }),
      ];
      if (run < WARMUP) continue;
      external.push(samples[0]!);
      inPanel.push(samples[1]!);
      list.push(samples[2]!);
      noop.push(samples[3]!);
    }
    return [
      {
        measure: 'browser access: read_page from an external client',
        value: median(external),
        unit: 'ms',
        floor: { value: median(inPanel), label: 'the same call from the panel' },
        goal: 3,
        note: 'SDK client → relay → the browser’s socket → its MCP server → the page, and back.',
      },
      {
        measure: 'browser access: tabs_list from an external client',
        value: median(list),
        unit: 'ms',
        floor: { value: median(noop), label: 'no-op message' },
        note: 'The fixed cost of an external call: HTTP, the relay, MCP in the worker.',
      },
    ];
  } finally {
    await client.close().catch(() => undefined);
    await browser.send('browser-access/link/disconnect').catch(() => undefined);
    await browser.send('browser-access/in-chat/set', { enabled: false }).catch(() => undefined);
    await tab.close();
    await relay.close();
  }
}
