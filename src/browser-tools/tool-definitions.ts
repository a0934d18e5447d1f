/**
 * The browser's own tools, as offered to the chat and to external MCP clients: their inputs
 * (zod, turned into JSON Schema), descriptions a model can act on, and honest annotations. A
 * tool is read-only when it changes nothing the person would notice but the view (reading,
 * finding, scrolling, waiting, a screenshot); acting on pages and closing tabs is destructive.
 *
 * The browser-server spec (http-sse-browser-server.md) lists another extension's 23 tools and
 * protocol version 2024-11-05. Patchbay serves both current eras (2026-07-28 and 2025-11-25,
 * through the SDK) and names its tools for what they do; it leaves out the spec's tools that
 * would hand a client more than a person can judge in an approval card: running JavaScript,
 * reading console and network traffic, uploading files, and saved shortcuts.
 */
import { z } from 'zod';
import { SCROLL_STEPS } from './page-agent/commands';
import { selectorRefusal } from './selector-policy';

const tabId = z
  .number()
  .int()
  .nonnegative()
  .optional()
  .describe('The tab (from tabs_list); the active tab when left out.');
const ref = z
  .string()
  .regex(/^e\d{1,7}$/, 'A ref looks like "e12": take one from snapshot or find_text.')
  .describe('An element’s ref from snapshot or find_text, such as "e12".');
const webUrl = z
  .string()
  .min(1)
  .max(8192)
  .describe('An http or https URL; "example.com" is read as https://example.com.');

export const browserToolInputs = {
  tabs_list: z.object({}),
  tab_open: z.object({
    url: webUrl,
    active: z.boolean().default(true).describe('Show the new tab (default true).'),
  }),
  tab_close: z.object({ tabId: z.number().int().nonnegative() }),
  tab_activate: z.object({ tabId: z.number().int().nonnegative() }),
  navigate: z.object({ url: webUrl, tabId }),
  go_back: z.object({ tabId }),
  go_forward: z.object({ tabId }),
  read_page: z.object({
    tabId,
    format: z.enum(['markdown', 'text']).default('markdown'),
    offset: z.number().int().nonnegative().default(0).describe('Where to start, in characters.'),
    maxChars: z
      .number()
      .int()
      .min(100)
      .max(100_000)
      .default(20_000)
      .describe('At most this many characters; call again with the offset given for more.'),
  }),
  snapshot: z.object({
    tabId,
    offset: z.number().int().nonnegative().default(0),
    maxElements: z.number().int().min(1).max(1000).default(200),
  }),
  find_text: z.object({
    tabId,
    text: z.string().min(1).max(500),
    maxResults: z.number().int().min(1).max(100).default(20),
  }),
  click: z.object({ tabId, ref }),
  type: z.object({
    tabId,
    ref,
    text: z.string().max(20_000),
    clear: z.boolean().default(true).describe('Replace what the field holds (default true).'),
    submit: z.boolean().default(false).describe('Submit the form afterwards, as Enter would.'),
  }),
  press_key: z.object({
    tabId,
    key: z
      .string()
      .min(1)
      .max(32)
      .describe('A key name as KeyboardEvent.key gives it: "Enter", "Escape", "Tab", "a".'),
    ref: ref.optional().describe('The element to press it on; the focused one when left out.'),
  }),
  scroll: z.object({
    tabId,
    ref: ref.optional().describe('Scroll this element into view.'),
    direction: z.enum(['up', 'down', 'left', 'right']).optional(),
    // Fixed steps, not pixels: a page sees how far it scrolled, so a number of pixels would let
    // a scroll carry anything the chat holds to the page (a PIN as 4417 px). A direction, a
    // step and an element ref carry a few bits a call (src/policy/call-policy.ts).
    amount: z
      .enum(SCROLL_STEPS)
      .optional()
      .describe('How far: "screen" (the default), "half" a screen, or to the "end".'),
  }),
  wait_for: z
    .object({
      tabId,
      selector: z
        .string()
        .min(1)
        .max(1000)
        .superRefine((selector, context) => {
          const refusal = selectorRefusal(selector);
          if (refusal) context.addIssue({ code: 'custom', message: refusal });
        })
        .optional()
        .describe(
          'A CSS selector to wait for. Attributes only by presence ([disabled]), never by value.',
        ),
      text: z.string().min(1).max(500).optional().describe('Text to wait for on the page.'),
      timeoutMs: z.number().int().min(100).max(30_000).default(5000),
    })
    .refine((input) => (input.selector === undefined) !== (input.text === undefined), {
      message: 'Give either selector or text, not both.',
    }),
  screenshot: z.object({ tabId }),
} as const;

export type BrowserToolName = keyof typeof browserToolInputs;
export type BrowserToolInput<N extends BrowserToolName> = z.output<(typeof browserToolInputs)[N]>;

export interface BrowserToolAnnotations {
  title: string;
  readOnlyHint: boolean;
  destructiveHint: boolean;
  idempotentHint: boolean;
  openWorldHint: boolean;
}

const reads = (title: string): BrowserToolAnnotations => ({
  title,
  readOnlyHint: true,
  destructiveHint: false,
  idempotentHint: true,
  openWorldHint: false,
});
const acts = (title: string, openWorld = true): BrowserToolAnnotations => ({
  title,
  readOnlyHint: false,
  destructiveHint: true,
  idempotentHint: false,
  openWorldHint: openWorld,
});

export const browserToolInfo: Record<
  BrowserToolName,
  { description: string; annotations: BrowserToolAnnotations }
> = {
  tabs_list: {
    description:
      'Lists the open tabs: id, title, URL, and which is active in each window. Tabs on pages browser tools do not use (the browser’s own, extensions’, local files) show their id only.',
    annotations: reads('List tabs'),
  },
  tab_open: {
    description: 'Opens a web page in a new tab.',
    annotations: { ...acts('Open a tab'), destructiveHint: false },
  },
  tab_close: {
    description: 'Closes a tab.',
    annotations: acts('Close a tab', false),
  },
  tab_activate: {
    description: 'Shows a tab: makes it the visible tab of its window.',
    annotations: { ...acts('Show a tab', false), destructiveHint: false, idempotentHint: true },
  },
  navigate: {
    description: 'Loads a URL in a tab (the active one by default) and waits for it to load.',
    annotations: acts('Go to a URL'),
  },
  go_back: {
    description: 'Goes back one page in a tab’s history.',
    annotations: acts('Go back'),
  },
  go_forward: {
    description: 'Goes forward one page in a tab’s history.',
    annotations: acts('Go forward'),
  },
  read_page: {
    description:
      'Reads a page’s main content as Markdown or plain text, a slice at a time: the answer says where the next slice starts when there is more.',
    annotations: reads('Read the page'),
  },
  snapshot: {
    description:
      'Lists the page’s visible interactive elements (links, buttons, fields) and headings, each element with a ref such as "e12" for click, type, press_key and scroll. Refs stay the same while the element stays on the page.',
    annotations: reads('Snapshot of the page'),
  },
  find_text: {
    description: 'Finds text on the page; each match comes with the ref of its element.',
    annotations: reads('Find text'),
  },
  click: {
    description: 'Clicks an element (by its ref from snapshot or find_text).',
    annotations: acts('Click'),
  },
  type: {
    description:
      'Types text into a field (by its ref), replacing what it holds unless clear is false; submit sends the form.',
    annotations: acts('Type'),
  },
  press_key: {
    description:
      'Presses a key on an element or the focused one. Pages see the key as a script’s event, which some ignore.',
    annotations: acts('Press a key'),
  },
  scroll: {
    description: 'Scrolls an element into view, or the page up, down, left or right.',
    annotations: { ...reads('Scroll'), idempotentHint: false },
  },
  wait_for: {
    description:
      'Waits until an element matching a CSS selector, or some text, is on the page. Selectors may test attributes for presence ([disabled]) but not their values.',
    annotations: reads('Wait for the page'),
  },
  screenshot: {
    description:
      'Takes a screenshot of the visible part of a tab (it must be the visible tab of its window).',
    annotations: reads('Screenshot'),
  },
};

export const BROWSER_TOOL_NAMES = Object.keys(browserToolInputs) as BrowserToolName[];

export function isBrowserToolName(name: string): name is BrowserToolName {
  return Object.hasOwn(browserToolInputs, name);
}

/** The tools as MCP lists them. */
export function browserToolList() {
  return BROWSER_TOOL_NAMES.map((name) => ({
    name,
    title: browserToolInfo[name].annotations.title,
    description: browserToolInfo[name].description,
    inputSchema: z.toJSONSchema(browserToolInputs[name], { io: 'input' }) as Record<
      string,
      unknown
    > & { type: 'object' },
    annotations: browserToolInfo[name].annotations,
  }));
}
