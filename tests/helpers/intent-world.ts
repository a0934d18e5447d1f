/**
 * Builders for the intent rule's tests (tests/unit/intent*.test.ts): tools as servers and sites
 * describe them, as the chat offers them, and what the person said and the servers answered.
 */
import type { Intent, OfferedTool } from '../../src/policy/intent';
import type { ToolLike } from '../../src/policy/grants';
import { PAGE_TOOLS_SERVER_ID } from '../../src/messaging/page-tools-contract';

export type Tool = ToolLike & { page?: { site: string; tool: string } };
type Props = Record<string, Record<string, unknown>>;

export const str = { type: 'string' } as const;
export const READS = { readOnlyHint: true } as const;

export const tool = (
  serverId: string,
  name: string,
  properties: Props,
  annotations = {},
): Tool => ({
  serverId,
  name,
  description: `${name} of ${serverId}`,
  inputSchema: { type: 'object', properties },
  annotations,
});

export const siteTool = (
  site: string,
  name: string,
  properties: Props,
  annotations = {},
): Tool => ({
  ...tool(PAGE_TOOLS_SERVER_ID, name, properties, annotations),
  page: { site, tool: name },
});

export const offer = (t: Tool, serverName: string): OfferedTool => ({
  serverId: t.serverId,
  name: t.name,
  serverName,
  readOnly: t.annotations?.readOnlyHint === true,
});

/** The person's latest words (and earlier ones), the results by server, the sites pointed at. */
export const intent = (
  latest: string,
  offered: OfferedTool[],
  results: Record<string, string[]> = {},
  earlier: string[] = [],
  hosts?: string[],
): Intent => ({
  said: { all: [...earlier, latest], latest },
  results: new Map(Object.entries(results)),
  offered,
  ...(hosts && { hosts }),
});

// The person's world: a tracker (Tracker) and a team chat (Slack).
export const postMessage = tool('slack', 'post_message', { channel: str, text: str });
export const readChannel = tool('slack', 'read_channel', { channel: str }, READS);
export const getIssue = tool('tracker', 'get_issue', { id: str }, READS);
export const addComment = tool('tracker', 'add_comment', { issue: str, body: str });
export const updateIssue = tool('tracker', 'update_issue', {
  id: str,
  title: str,
  body: str,
  state: { type: 'string', enum: ['open', 'in_progress', 'done', 'closed'] },
});
export const slackOnly = [offer(postMessage, 'Slack'), offer(readChannel, 'Slack')];
/** Another server's data, with no address in it (so the prose-address check does not fire). */
export const SECRET = 'Customer ACME renewal at 1.2M, door code 7781';
