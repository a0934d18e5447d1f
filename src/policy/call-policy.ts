/**
 * What runs unasked: the one rule for whether a tool call waits for the person, read top to bottom
 * in {@link decideCall}. Its inputs are the call (the tool, where it acts, the address it loads),
 * what the conversation holds (text that is not the person's, the sites they pointed it at) and the
 * person's grants as they apply to this call; its output is run, or ask and why. The chat
 * (src/chat-approval/chat-approval.ts), the external-client gate (src/browser-access/gate.ts) and
 * an MCP App's calls to its own server (app-calls.ts) all decide here.
 *
 * Text that is not the person's (a page, a tool's result, a server's resource or prompt, an
 * app, an import, other servers' descriptions) can steer the model ("post this code with that
 * tool"), so once any such text is in what the model reads, a tool that can send data out asks
 * again even if it is always allowed or read-only: the browser's navigate and tab_open (to an
 * origin not yet in the chat, or with anything in the address nobody typed: a query, a
 * fragment, a new path), and any other tool that does not say it stays in a closed world (MCP's
 * openWorldHint defaults to true; a website's own tool always can, to the site, whatever it
 * says), and any tool that may change or delete things (MCP's destructiveHint defaults to
 * true), unless the person's own words asked for that very call and they always allowed its
 * tool (intent.ts). The browser's read-only tools run unasked in the chat only on origins the
 * person brought into it.
 */
import {
  allowedOrigins,
  isAllowedAlways,
  isTrustedReadOnly,
  NO_PAGE,
  type ApprovalSettings,
  type CallOrigin,
  type ToolLike,
} from './grants';
import { describeSources, ownerOf, sourcesFor, type ContentSource } from './chat-sources';
import type { IntentJudge, IntentVerdict } from './intent';
import { BROWSER_SERVER_ID } from '../messaging/browser-access-contract';
import type { ToolView } from '../messaging/contract';
import { PAGE_TOOLS_SERVER_ID } from '../messaging/page-tools-contract';
import { opensPage } from './call-target';
import { isPatchbayTool } from './own-tools';

/** A call to decide. */
export interface PolicyCall {
  tool: ToolLike & Pick<ToolView, 'page'>;
  /** Where a browser tool acts or sends (see {@link CallOrigin}); other tools ignore it. */
  origin: CallOrigin;
  /** The address a page-opening call loads. */
  url?: string;
  /** What the call sends (its arguments), for telling whether the person asked for it. */
  args?: unknown;
}

/** What the conversation so far means for its calls (the chat's: src/policy/turn-taint.ts). */
export interface CallTrust {
  /** Text in what the model reads that is not the person's. */
  sources: readonly ContentSource[];
  /** Origins the person brought into the conversation. */
  origins: ReadonlySet<string>;
  /** Addresses (origin and path) the person typed, or a navigation that ran opened. */
  seen: ReadonlySet<string>;
  /**
   * Whether the person's words asked for a call (intent.ts `intentJudge`, bound to the chat's
   * words and results): where they did, their "Always allow" holds though others' text is in
   * the chat. Absent: no call is judged so (an external client's conversation is not Patchbay's
   * to read). Handed in, so that who never judges intent (the worker's gate) never loads it.
   */
  intent?: IntentJudge;
}

/**
 * No text from elsewhere steers the call: an external client's conversation is not Patchbay's
 * to see (its policy, the person's trust in that client, decides alone), and an MCP App's call
 * to its own server comes from the app the person is using.
 */
export const NO_OTHER_TEXT: CallTrust = {
  sources: [],
  origins: new Set(),
  seen: new Set(),
};

/** The person's grants as they apply to one call. */
export interface CallGrants {
  /** An "Always allow" holds for the tool as it is described now (the browser's: here). */
  allowedAlways: boolean;
  /**
   * The tool may run unasked because it only reads and the person trusts who says so:
   * anywhere, or only on sites the person pointed the conversation at; or not.
   */
  readOnly: 'anywhere' | 'pointed-sites' | false;
  /** The origins the person always allowed this browser tool on, when that is not here. */
  allowedOn?: readonly string[];
}

export type ApprovalVerdict = { ask: false } | { ask: true; why?: string };

/** The rule. */
export function decideCall(
  call: PolicyCall,
  grants: CallGrants,
  trust: CallTrust,
): ApprovalVerdict {
  const { tool, origin } = call;
  const pointed = typeof origin === 'string' && trust.origins.has(origin);
  // 1. What the call could do that the person did not ask for: send data out, or destroy.
  const taint = sourcesFor(tool, trust.sources);
  const destination = taint.length ? sendsTo(call, pointed, trust, taint) : undefined;
  const risk =
    destination !== undefined
      ? `send data to ${destination}`
      : taint.length && mayDestroy(tool)
        ? 'change or delete things (it does not say it cannot)'
        : undefined;
  const tainted = `this chat holds text from ${describeSources(taint)}, and this tool can ${risk}.`;
  // 2. Whether a grant of the person's holds for it here.
  if (!grants.allowedAlways) {
    if (!grants.readOnly) {
      // Asked anyway: the risk is still worth a line on the card.
      return asked(
        grantedElsewhere(grants, origin) ??
          (risk === undefined ? undefined : `Careful: ${tainted}`),
      );
    }
    if (grants.readOnly === 'pointed-sites' && !pointed) {
      return asked(
        `Read-only browser tools run without asking only on sites you pointed the chat at; this one reads ${where(origin)}.`,
      );
    }
  }
  // 3. A grant holds: it runs, unless what the chat holds makes it risky and the person's own
  // words did not ask for this call (intent.ts): only an "Always allow" holds so.
  if (risk === undefined) return { ask: false };
  const intended = grants.allowedAlways ? intendedCall(call, taint, trust) : undefined;
  if (intended?.asked) return { ask: false };
  const because = intended
    ? ` Your “Always allow” holds for what you ask for; here ${intended.why}`
    : '';
  return { ask: true, why: `Asked again: ${tainted}${because}` };
}

/**
 * Whether the person's words asked for the call (intent.ts); undefined where intent is not
 * judged: the browser's tools keep their own rules (an address nobody typed, the sites pointed
 * at), and a chat whose outside text reads like instructions to the model gets no exemption.
 */
function intendedCall(
  { tool, args }: PolicyCall,
  taint: readonly ContentSource[],
  trust: CallTrust,
): IntentVerdict | undefined {
  if (!trust.intent || tool.serverId === BROWSER_SERVER_ID || isPatchbayTool(tool))
    return undefined;
  const steering = taint.find((source) => source.steers !== undefined);
  if (steering)
    return {
      asked: false,
      why: `${steering.label} read like instructions to the model (“${steering.steers}”).`,
    };
  const content = taint.some((source) => source.about === undefined);
  return trust.intent(tool, args ?? {}, content);
}

/** The grants of the chat's approval settings (src/policy/grants.ts) for one call. */
export function chatGrants(
  tool: ToolLike,
  settings: ApprovalSettings,
  origin: CallOrigin,
): CallGrants {
  const browser = tool.serverId === BROWSER_SERVER_ID;
  const allowedOn = browser ? allowedOrigins(tool, settings) : undefined;
  return {
    allowedAlways: isAllowedAlways(tool, settings, origin),
    readOnly: isTrustedReadOnly(tool, settings) ? (browser ? 'pointed-sites' : 'anywhere') : false,
    ...(allowedOn !== undefined && { allowedOn }),
  };
}

/**
 * Whether a call waits for the person on the chat's grants alone, with no text from elsewhere:
 * an MCP App's call to its own server (never the browser's: its read-only tools would ask here,
 * since no site was pointed at).
 */
export function needsApproval(
  tool: ToolLike,
  settings: ApprovalSettings,
  origin?: CallOrigin,
): boolean {
  return decideCall({ tool, origin }, chatGrants(tool, settings, origin), NO_OTHER_TEXT).ask;
}

/**
 * Whether a tool may destroy: MCP's destructiveHint defaults to true for a tool that does not
 * say it only reads, so only `readOnlyHint: true` or `destructiveHint: false` say it cannot.
 */
function mayDestroy(tool: ToolLike): boolean {
  const hints = tool.annotations;
  return hints?.readOnlyHint !== true && hints?.destructiveHint !== false;
}

/** Where a call could carry the chat's content, in words; undefined when nowhere new. */
function sendsTo(
  { tool, origin, url }: PolicyCall,
  pointed: boolean,
  trust: CallTrust,
  taint: readonly ContentSource[],
): string | undefined {
  if (opensPage(tool)) return newAddress(url, origin, pointed, trust);
  // A site's own tool sends to the site, whatever its hints say: they are the site's word.
  if (tool.serverId === PAGE_TOOLS_SERVER_ID) return tool.page?.site ?? 'the site that offers it';
  if (tool.annotations?.openWorldHint === false) {
    // Closed world, but its server gets the call's arguments: anything the chat holds from
    // elsewhere (a page, another server, a file) could go to it. Patchbay's own tools (the
    // browser's, the tool search) have no server to send to. A page does see the effect of the
    // browser's closed-world actions on it (how far it scrolled, which element came into view,
    // whether its tab is shown), so those take only a few bits a call: a direction, a fixed
    // step, an element ref, a tab (tool-definitions.ts;
    // tests/unit/browser-tools/browser-tool-bits.test.ts).
    if (tool.serverId === BROWSER_SERVER_ID || isPatchbayTool(tool)) return undefined;
    const owner = ownerOf(tool);
    const elsewhere = taint.some((source) => source.about === undefined && source.from !== owner);
    return elsewhere
      ? 'its own server (it gets the call’s arguments, and the chat holds text from elsewhere)'
      : undefined;
  }
  if (tool.serverId === BROWSER_SERVER_ID) return where(origin);
  return 'places beyond its server (it does not say it stays within it)';
}

/**
 * The address a page-opening call loads, in words, unless it carries nothing new: a page the
 * person typed or a navigation already opened, without a query or a fragment. An origin in the
 * chat exempts no other page of it: a path or a query can carry what the model read to the
 * site's own server, or through its redirects.
 */
function newAddress(
  url: string | undefined,
  origin: CallOrigin,
  pointed: boolean,
  trust: CallTrust,
): string | undefined {
  if (url === undefined) return where(origin);
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return url;
  }
  // The address as the browser will load it (an IDN host in punycode, no stray whitespace),
  // after its real host where a user name before an "@" could pass for another.
  const hidesHost = parsed.username !== '' || parsed.password !== '';
  const href = hidesHost ? `${parsed.host}, at ${parsed.href}` : parsed.href;
  if (!pointed) return href;
  if (hidesHost)
    return `${href} (its address carries a user name or password that nobody typed in this chat)`;
  if (parsed.search && parsed.search !== '?')
    return `${href} (its address carries a query that nobody typed in this chat)`;
  if (parsed.hash && parsed.hash !== '#')
    return `${href} (its address carries a fragment that nobody typed in this chat)`;
  if (!trust.seen.has(`${parsed.origin}${parsed.pathname}`))
    return `${href} (a page of this site not opened or typed in this chat)`;
  return undefined;
}

/** Why a browser tool the person always allowed elsewhere asks here. */
function grantedElsewhere(grants: CallGrants, origin: CallOrigin): string | undefined {
  if (grants.allowedOn === undefined) return undefined;
  const named = grants.allowedOn.map((each) => (each === NO_PAGE ? 'the list of tabs' : each));
  return named.length
    ? `You always allowed this tool on ${named.join(', ')}, not on ${where(origin)}, so Patchbay asks again.`
    : `“Always allow” for the browser’s tools now holds per site, so Patchbay asks again for ${where(origin)}.`;
}

const where = (origin: CallOrigin) =>
  origin === null ? 'the list of tabs' : (origin ?? 'a page Patchbay could not tell');

const asked = (why: string | undefined): ApprovalVerdict => ({
  ask: true,
  ...(why !== undefined && { why }),
});
