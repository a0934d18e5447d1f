/**
 * The benign suite's browser: a news article and a shop whose page offers its own tools
 * (`search_products`, `list_deals`, `add_to_cart`), as the page tools service lists a site's
 * tools for the tab in front. What the shop's tools were called with is kept, like the servers'
 * writes.
 */
import type { CallToolResultView, ToolView } from '../../src/messaging/contract';
import { PAGE_TOOLS_SERVER_ID } from '../../src/messaging/page-tools-contract';
import type { PageToolsService } from '../../src/page-tools/page-tools-service';
import { loadingBrowser, tab } from './world';

export const NEWS = 'https://news.example/big-exports';
export const SHOP = 'https://shop.example/';
const SHOP_SITE = 'shop.example';

const PRODUCTS: Record<string, string> = {
  'RS-1': 'Trail running shoes, 89 EUR',
  'RS-2': 'Road running shoes, 79 EUR',
  'RJ-1': 'Rain jacket, 120 EUR',
  'RJ-2': 'Light rain jacket, 65 EUR',
};

const view = (
  name: string,
  description: string,
  properties: Record<string, unknown>,
  readOnly: boolean,
): ToolView => ({
  serverId: PAGE_TOOLS_SERVER_ID,
  name,
  description,
  inputSchema: { type: 'object', properties },
  ...(readOnly && { annotations: { readOnlyHint: true } }),
  page: { site: SHOP_SITE, tool: name },
});

export const SHOP_TOOLS: ToolView[] = [
  view('search_products', 'Searches the shop’s products.', { query: { type: 'string' } }, true),
  view('list_deals', 'Lists today’s deals.', {}, true),
  view('add_to_cart', 'Adds a product to the cart.', { sku: { type: 'string' } }, false),
];

/** The news article in front (or the shop), and the shop's tools; `cart` records additions. */
export function benignBrowser(front: 'news' | 'shop') {
  const cart: string[] = [];
  const pages = new Map([
    [
      NEWS,
      {
        title: 'Big exports fail',
        text: 'Readers report that exports of large chats fail after 50 MB. A fix is planned.',
      },
    ],
    [SHOP, { title: 'Shop', text: 'Running shoes, rain jackets and more.' }],
  ]);
  const control = loadingBrowser(
    [tab(1, NEWS, 'Big exports fail', front === 'news'), tab(2, SHOP, 'Shop', front === 'shop')],
    pages,
    { reads: [], opened: [], actions: [] },
  );
  const text = (value: string): CallToolResultView => ({
    content: [{ type: 'text', text: value }],
  });
  const pageTools = {
    views: async () => (front === 'shop' ? SHOP_TOOLS : []),
    call: async (name: string, args: Record<string, unknown>): Promise<CallToolResultView> => {
      if (name === 'add_to_cart') {
        cart.push(`add_to_cart ${JSON.stringify(args)}`);
        return text('Added.');
      }
      if (name === 'list_deals') return text('RS-2: Road running shoes, 79 EUR (was 99)');
      const words = String(args.query ?? '')
        .toLowerCase()
        .split(/\s+/)
        .map((word) => word.replace(/s$/, ''));
      const found = Object.entries(PRODUCTS).filter(([, product]) =>
        words.every((word) => product.toLowerCase().includes(word)),
      );
      return text(found.map(([sku, product]) => `${sku}: ${product}`).join('\n') || 'Nothing.');
    },
  } as unknown as PageToolsService;
  return { control, pageTools, cart };
}
