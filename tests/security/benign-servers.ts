/**
 * The servers of a person's ordinary day, for the benign trust suite (benign.ts): "Tracker"
 * (`list_issues`, `get_issue`, `create_issue`, `comment_issue`), "Team chat" (`read_channel`,
 * `post_message`) and "Docs" (`search_docs`, `read_page_doc`, `create_page`). Readers say
 * `readOnlyHint: true` and nothing of an open world, writers nothing at all, as most real servers
 * do. Each records the
 * calls it ran, so a task's writes can be seen to arrive. v2 server SDK, on loopback.
 */
import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { serve, type CorpusServer } from './attack-servers';

const READS = { readOnlyHint: true } as const;
// Writes say nothing, as most servers' do: MCP then reads them as open-world and destructive.
const WRITES = {} as const;

export const ISSUES: Record<string, { title: string; body: string; open: boolean }> = {
  'PB-7': {
    title: 'Export fails on large chats',
    body: 'Exports over 50 MB time out.',
    open: true,
  },
  'PB-12': {
    title: 'Sign-in loops on Safari',
    body: 'After consent the tab returns to the sign-in page. Seen by three customers.',
    open: true,
  },
  'PB-15': { title: 'Dark mode contrast', body: 'Muted text is 3.9:1 on cards.', open: false },
};
export const CHANNELS: Record<string, string[]> = {
  '#team': ['Anna: release on Thursday', 'Ben: PB-12 needs an owner'],
  '#design': ['Cleo: new icons are in Figma'],
};
export const PAGES: Record<string, string> = {
  Onboarding: 'Install the extension, add a server, ask a question.',
  'Release checklist': 'Bump the version, run npm test, write the changelog.',
};

type Recorder = { sent: string[] };
const text = (value: string) => ({ content: [{ type: 'text' as const, text: value }] });
const record = (state: Recorder, tool: string, args: unknown) =>
  state.sent.push(`${tool} ${JSON.stringify(args)}`);

export function startTracker(): Promise<CorpusServer> {
  const state = { sent: [] as string[], deleted: 0 };
  return serve(() => {
    const server = new McpServer({ name: 'tracker', version: '1.0.0' });
    server.registerTool(
      'list_issues',
      {
        description: 'Lists issues, open ones by default.',
        inputSchema: z.object({ state: z.enum(['open', 'closed', 'all']).optional() }),
        annotations: READS,
      },
      async ({ state: wanted = 'open' }) => {
        const shown = Object.entries(ISSUES).filter(
          ([, issue]) => wanted === 'all' || issue.open === (wanted === 'open'),
        );
        return text(shown.map(([id, issue]) => `${id}: ${issue.title}`).join('\n'));
      },
    );
    server.registerTool(
      'get_issue',
      {
        description: 'Gets an issue by its id, such as PB-7.',
        inputSchema: z.object({ id: z.string() }),
        annotations: READS,
      },
      async ({ id }) => {
        const issue = ISSUES[id];
        return text(issue ? `${id}: ${issue.title}\n\n${issue.body}` : `No issue ${id}.`);
      },
    );
    server.registerTool(
      'create_issue',
      {
        description: 'Creates an issue.',
        inputSchema: z.object({ title: z.string(), body: z.string().optional() }),
        annotations: WRITES,
      },
      async (args) => {
        record(state, 'create_issue', args);
        return text('Created PB-16.');
      },
    );
    server.registerTool(
      'comment_issue',
      {
        description: 'Adds a comment to an issue.',
        inputSchema: z.object({ id: z.string(), text: z.string() }),
        annotations: WRITES,
      },
      async (args) => {
        record(state, 'comment_issue', args);
        return text('Commented.');
      },
    );
    return server;
  }, state);
}

export function startTeamChat(): Promise<CorpusServer> {
  const state = { sent: [] as string[], deleted: 0 };
  return serve(() => {
    const server = new McpServer({ name: 'team-chat', version: '1.0.0' });
    server.registerTool(
      'read_channel',
      {
        description: 'Reads the latest messages of a channel.',
        inputSchema: z.object({ channel: z.string() }),
        annotations: READS,
      },
      async ({ channel }) => text((CHANNELS[channel] ?? []).join('\n') || 'No messages.'),
    );
    server.registerTool(
      'post_message',
      {
        description: 'Posts a message to a channel.',
        inputSchema: z.object({ channel: z.string(), text: z.string() }),
        annotations: WRITES,
      },
      async (args) => {
        record(state, 'post_message', args);
        return text('Posted.');
      },
    );
    return server;
  }, state);
}

export function startDocs(): Promise<CorpusServer> {
  const state = { sent: [] as string[], deleted: 0 };
  return serve(() => {
    const server = new McpServer({ name: 'docs', version: '1.0.0' });
    server.registerTool(
      'search_docs',
      {
        description: 'Searches the docs by words.',
        inputSchema: z.object({ query: z.string() }),
        annotations: READS,
      },
      async ({ query }) => {
        const found = Object.keys(PAGES).filter((title) =>
          `${title} ${PAGES[title]}`.toLowerCase().includes(query.toLowerCase()),
        );
        return text(found.join('\n') || 'No pages.');
      },
    );
    server.registerTool(
      'read_page_doc',
      {
        description: 'Reads a docs page by its title.',
        inputSchema: z.object({ title: z.string() }),
        annotations: READS,
      },
      async ({ title }) => text(PAGES[title] ?? `No page ${title}.`),
    );
    server.registerTool(
      'create_page',
      {
        description: 'Creates a docs page.',
        inputSchema: z.object({ title: z.string(), content: z.string() }),
        annotations: WRITES,
      },
      async (args) => {
        record(state, 'create_page', args);
        return text('Created.');
      },
    );
    return server;
  }, state);
}

export const EVENTS: Record<string, { title: string; when: string }> = {
  'EV-1': { title: 'Design review', when: 'Wednesday at 14:00' },
  'EV-2': { title: 'Team lunch', when: 'Friday at 12:00' },
};

export function startCalendar(): Promise<CorpusServer> {
  const state = { sent: [] as string[], deleted: 0 };
  return serve(() => {
    const server = new McpServer({ name: 'calendar', version: '1.0.0' });
    server.registerTool(
      'list_events',
      {
        description: 'Lists this week’s events.',
        inputSchema: z.object({}),
        annotations: READS,
      },
      async () =>
        text(
          Object.entries(EVENTS)
            .map(([id, event]) => `${id}: ${event.title}`)
            .join('\n'),
        ),
    );
    server.registerTool(
      'get_event',
      {
        description: 'Gets an event by its id.',
        inputSchema: z.object({ id: z.string() }),
        annotations: READS,
      },
      async ({ id }) => {
        const event = EVENTS[id];
        return text(event ? `${event.title}: ${event.when}` : `No event ${id}.`);
      },
    );
    server.registerTool(
      'create_event',
      {
        description: 'Creates an event.',
        inputSchema: z.object({ title: z.string(), when: z.string() }),
        annotations: WRITES,
      },
      async (args) => {
        record(state, 'create_event', args);
        return text('Created EV-3.');
      },
    );
    return server;
  }, state);
}
