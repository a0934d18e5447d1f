/**
 * The message contract for browser access (src/browser-access/): the relay link that lets
 * desktop MCP clients reach this browser, the clients the person allows, their calls waiting
 * for approval, and the activity log. The relay token goes in once and never comes back: the
 * view says only whether there is one.
 */
import { z } from 'zod';

/** The server id the browser's own tools are listed and called under in the chat. */
export const BROWSER_SERVER_ID = 'browser';

export const LINK_STATES = ['off', 'connecting', 'connected', 'retrying', 'error'] as const;
export const CLIENT_POLICIES = ['new', 'ask', 'read-only', 'all', 'blocked'] as const;
export type ClientPolicy = (typeof CLIENT_POLICIES)[number];

export const linkViewSchema = z.object({
  /** The relay's address as saved (http(s) or ws(s)). */
  url: z.string(),
  hasToken: z.boolean(),
  /** The name this browser gives itself at the relay. */
  name: z.string(),
  /** The person wants the link up (Connect pressed, not Disconnect). */
  wanted: z.boolean(),
  state: z.enum(LINK_STATES),
  /** Why the link is down or retrying, in a sentence. */
  error: z.string().optional(),
  /** The id the relay gave this browser (clients may name it). */
  extensionId: z.string().optional(),
  /** How many client connections the relay says it holds. */
  peers: z.number().int().nonnegative(),
  /** When the next try is due while retrying (ms since the epoch). */
  retryAt: z.number().optional(),
});
export type LinkView = z.infer<typeof linkViewSchema>;

export const clientViewSchema = z.object({
  id: z.string(),
  /** The client's own name and version (its MCP clientInfo): its word, shown as such. */
  name: z.string(),
  /** Other names it gave with the same token (its word too). */
  otherNames: z.array(z.string()),
  version: z.string().optional(),
  /** The relay user its token belongs to. */
  user: z.string(),
  /** The start of its token's id (`jti`), to tell two tokens apart (never the token). */
  tokenHint: z.string(),
  policy: z.enum(CLIENT_POLICIES),
  /** Tools the person always allows this client to run. */
  alwaysAllow: z.array(z.string()),
  firstSeen: z.number(),
  lastSeen: z.number(),
  /** Connections it has open now. */
  connected: z.number().int().nonnegative(),
});
export type ClientView = z.infer<typeof clientViewSchema>;

/** A tab as it was when a call was decided: the call acts on this tab, on this origin. */
export const tabTargetSchema = z.object({
  tabId: z.number().int(),
  url: z.string(),
  /** The page's own title: its word, not Patchbay's. */
  title: z.string(),
  /** The document the tab showed (the call acts in it alone). */
  documentId: z.string().optional(),
});
export type TabTargetView = z.infer<typeof tabTargetSchema>;

export const approvalViewSchema = z.object({
  id: z.string(),
  clientId: z.string(),
  /** The name the client gives itself: its word, so the card shows its token hint too. */
  clientName: z.string(),
  /** The relay user its token belongs to. */
  clientUser: z.string(),
  /** The start of its token's id, as the client list shows it. */
  tokenHint: z.string(),
  /** The client is new: approving the call also lets it in (ask each time). */
  newClient: z.boolean(),
  tool: z.string(),
  title: z.string().optional(),
  description: z.string(),
  /** Where the tool comes from: "This browser", a server's name, or a site. */
  source: z.string(),
  arguments: z.record(z.string(), z.unknown()),
  /** The tab a browser tool acts on, resolved before asking: the call runs on this tab. */
  target: tabTargetSchema.optional(),
  annotations: z.record(z.string(), z.unknown()).optional(),
  requestedAt: z.number(),
});
export type ApprovalView = z.infer<typeof approvalViewSchema>;

export const ACTIVITY_OUTCOMES = ['ok', 'error', 'denied', 'blocked', 'refused'] as const;

export const activityEntrySchema = z.object({
  id: z.string(),
  time: z.number(),
  clientId: z.string(),
  clientName: z.string(),
  tool: z.string(),
  /** The arguments, shortened for a glance. */
  summary: z.string(),
  outcome: z.enum(ACTIVITY_OUTCOMES),
  /** What went wrong, or why it was refused. */
  detail: z.string().optional(),
  durationMs: z.number().nonnegative().optional(),
});
export type ActivityEntry = z.infer<typeof activityEntrySchema>;

export const browserAccessViewSchema = z.object({
  /** The one switch: off, nothing external reaches this browser. */
  enabled: z.boolean(),
  link: linkViewSchema,
  clients: z.array(clientViewSchema),
  approvals: z.array(approvalViewSchema),
  activity: z.array(activityEntrySchema),
  /** The chat may use the browser's own tools ("Use this browser"). */
  inChat: z.boolean(),
});
export type BrowserAccessView = z.infer<typeof browserAccessViewSchema>;

const noPayload = z.undefined().or(z.object({}).strict());
const viewResult = z.object({ view: browserAccessViewSchema });

export const browserAccessGlobalRequests = {
  'browser-access/get': noPayload,
  /** Saves the relay link; a token left out keeps the saved one. */
  'browser-access/link/save': z.object({
    url: z.string().max(2048),
    token: z.string().max(8192).optional(),
    name: z.string().max(100).optional(),
  }),
  'browser-access/link/connect': noPayload,
  'browser-access/link/disconnect': noPayload,
  'browser-access/enabled/set': z.object({ enabled: z.boolean() }),
  'browser-access/in-chat/set': z.object({ enabled: z.boolean() }),
  'browser-access/client/policy': z.object({
    clientId: z.string().min(1).max(64),
    policy: z.enum(CLIENT_POLICIES).exclude(['new']),
  }),
  'browser-access/client/forget': z.object({ clientId: z.string().min(1).max(64) }),
  'browser-access/approval/answer': z.object({
    id: z.string().min(1).max(64),
    decision: z.enum(['approve', 'deny', 'always']),
  }),
  'browser-access/activity/clear': noPayload,
  /**
   * The tab a browser tool call of the chat would act on, resolved (and pinned to the call) the
   * first time its approval card asks: the call then runs on that tab.
   */
  'browser-access/chat/target': z.object({
    callId: z.string().min(1).max(200),
    name: z.string().min(1).max(100),
    arguments: z.record(z.string(), z.unknown()).default({}),
  }),
  /** For the chat's approvals: a tab's URL (the active tab's without `tabId`). */
  'browser-access/chat/tab-url': z.object({ tabId: z.number().int().nonnegative().optional() }),
};

export const browserAccessGlobalResults = {
  'browser-access/get': viewResult,
  'browser-access/link/save': viewResult,
  'browser-access/link/connect': viewResult,
  'browser-access/link/disconnect': viewResult,
  'browser-access/enabled/set': viewResult,
  'browser-access/in-chat/set': viewResult,
  'browser-access/client/policy': viewResult,
  'browser-access/client/forget': viewResult,
  'browser-access/approval/answer': z.object({ answered: z.boolean() }),
  'browser-access/activity/clear': viewResult,
  /** The tab, or why there is none (`missing`); neither for tools that act on no tab. */
  'browser-access/chat/target': z.object({
    target: tabTargetSchema.optional(),
    missing: z.string().optional(),
  }),
  /** No URL while "Use this browser" is off, or without such a tab. */
  'browser-access/chat/tab-url': z.object({ url: z.string().optional() }),
};

export const browserAccessBroadcasts = [
  /** Anything about browser access changed: the whole view, so pages need not ask again. */
  z.object({
    type: z.literal('browser-access/changed'),
    payload: z.object({ view: browserAccessViewSchema }),
  }),
] as const;
