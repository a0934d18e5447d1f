/**
 * Intent: whether a call is what the person's own words ask for, so that their "Always allow"
 * may hold for it even in a chat holding others' text (call-policy.ts). Control flow comes from
 * the person's words only, after the plan-then-execute pattern (CaMeL; "Design Patterns for
 * Securing LLM Agents against Prompt Injections", 2025), and data flow from where each value came
 * from (after FIDES): text from elsewhere may choose what a requested write says, never which
 * action runs, where it goes, or what a read sends anywhere new.
 *
 * - A read (the tool says it only reads, and not that it reaches the open world) sends only its
 *   arguments: each must be the person's words or the same server's (or site's) earlier results,
 *   exactly as written there, or one of the tool's own fixed choices. A site gets the person's
 *   words unasked only while the chat holds no content from elsewhere: the site may be who
 *   wrote it.
 * - A write must be asked for in the person's latest message: its action as an imperative verb
 *   (request-words.ts), the tool told apart from others that could take it (what it acts on
 *   among one server's tools; the server's name across servers), every argument that is not
 *   prose placed in that verb's clause where the request says it goes ("to #team", "on PB-7"),
 *   at least one such argument where the tool takes one (never the server's default), and no
 *   address or unknown host in its prose. Prose (free text under a text field: a body, a
 *   title of a new thing) may come from anywhere: it goes where the person said.
 * - A removal (by its name or its `destructiveHint`) and a tool whose name says no action the
 *   person can ask for by name never qualify.
 *
 * What it does not cover (docs/security.md): a read may carry the person's own words to the
 * server they always allowed it on; which of a server's own values a read sends back to it; and
 * what a requested write's prose says.
 */
import type { ToolView } from '../messaging/contract';
import { PAGE_TOOLS_SERVER_ID } from '../messaging/page-tools-contract';
import { ownerOf, type PersonWords } from './chat-sources';
import type { ToolLike } from './grants';
import { askedActions, placedIn, type AskedAction } from './request-words';
import { addressesIn, hostsIn, saidIn } from './said';
import {
  fixedForRead,
  fixedForWrite,
  isAddress,
  isProse,
  leaves,
  isDestination,
  placesOf,
  quote,
  schemaOf,
  type Leaf,
} from './call-values';
import { namesAny, toolAction, type Action } from './tool-actions';

/** A tool offered in the request, for telling which one a request names. */
export interface OfferedTool {
  serverId: string;
  name: string;
  serverName: string;
  readOnly: boolean;
  /**
   * The inputs it takes that are not free text (call-values.ts `placesOf`): none means it can
   * go to no place a request names. Absent: unknown, any.
   */
  takes?: readonly string[];
}

/** What intent is judged on. */
export interface Intent {
  said: PersonWords;
  /** The text of the chat's tool results, by whose tool gave them (chat-sources.ts `ownerOf`). */
  results: ReadonlyMap<string, readonly string[]>;
  offered: readonly OfferedTool[];
  /** Hosts the person brought into the chat (the sites they pointed it at), lower case. */
  hosts?: readonly string[];
}

export type IntentVerdict = { asked: true } | { asked: false; why: string };

/** Whether the person asked for a call of `tool` with `args` (call-policy.ts asks it). */
export type IntentJudge = (
  tool: ToolLike & Pick<ToolView, 'page'>,
  args: unknown,
  /** The chat holds content from elsewhere (not only servers' words about their tools). */
  content: boolean,
) => IntentVerdict;

/** The tools a request offers, as the rule tells them apart. */
export function offeredTools(
  views: readonly (ToolLike & Pick<ToolView, 'page'>)[],
  serverName: (serverId: string) => string,
): OfferedTool[] {
  return views.map((view) => ({
    serverId: view.serverId,
    name: view.name,
    serverName: view.page?.site ?? serverName(view.serverId),
    readOnly: view.annotations?.readOnlyHint === true,
    takes: placesOf(view),
  }));
}

/** The judge of one chat's intent: its words, its results, the tools it offers. */
export function intentJudge(intent: Intent): IntentJudge {
  return (tool, args, content) => {
    const serverName =
      tool.page?.site ??
      intent.offered.find((offered) => offered.serverId === tool.serverId)?.serverName ??
      tool.serverId;
    return askedFor(tool, args, intent, serverName, content);
  };
}

/** Whether `args` for `tool` are what the person asked for (see the module's comment). */
export function askedFor(
  tool: ToolLike & Pick<ToolView, 'page'>,
  args: unknown,
  intent: Intent,
  serverName: string,
  /** The chat holds content from elsewhere (not only servers' words about their tools). */
  content = true,
): IntentVerdict {
  const hints = tool.annotations;
  const reads = hints?.readOnlyHint === true;
  const named = toolAction(tool.name);
  if (named.removes || (!reads && hints?.destructiveHint === true))
    return no(`${tool.name} may remove or undo things: only you start that.`);
  const site = tool.serverId === PAGE_TOOLS_SERVER_ID;
  const values = leaves(args, schemaOf(tool));
  const theirs = intent.results.get(ownerOf(tool)) ?? [];
  const fromThem = (leaf: Leaf) => theirs.some((text) => saidIn(text, leaf.text, EXACT));
  if (reads) {
    if (hints?.openWorldHint === true)
      return no(`${tool.name} says it reaches beyond its server, so its reads are yours to start.`);
    // A site may be who wrote the chat's content: it hears the person's words only where the
    // chat holds none.
    const hears = !site || !content;
    const said = (leaf: Leaf) =>
      hears && intent.said.all.some((text) => saidIn(text, leaf.text, EXACT));
    // An address a read would fetch goes past its server: only the person's own.
    const unsaid = values.find(
      (leaf) => !fixedForRead(leaf) && !said(leaf) && (isAddress(leaf) || !fromThem(leaf)),
    );
    if (!unsaid) return { asked: true };
    const whose = site ? `${tool.page?.site ?? 'the site'}’s` : `${serverName}’s`;
    return no(
      `it would send ${quote(unsaid)}, which is ${hears ? 'neither in your words nor' : 'not'} in ${whose} earlier results as written.`,
    );
  }
  const latest = intent.said.latest;
  if (named.action === undefined)
    return no(`Patchbay cannot tell from its name what ${tool.name} does.`);
  const prose = (leaf: Leaf) => isProse(leaf, named.action === 'update');
  const targets = values.filter((leaf) => !prose(leaf)).map((leaf) => leaf.text.toLowerCase());
  const asks = askedActions(latest).filter((ask) => fits(ask, tool.name, targets));
  if (!asks.length) return no(`your latest message does not ask to ${named.action}.`);
  // Where a post, a comment, a message or a change goes is the person's to say, not the
  // server's default: who it reaches where it takes one (a channel, a recipient), else what it
  // acts on. A new thing of its server's alone (an issue, a page) may go to its default place.
  const places = placesOf(tool, named.action === 'update');
  const reaches = places.filter(isDestination);
  const needed = reaches.length ? reaches : places;
  const sends = named.action !== 'create' || namesAny(named.nouns, Object.values(ADDED).flat());
  const givesPlace = values.some((leaf) => needed.includes(leaf.key) && leaf.text !== '');
  if (sends && needed.length && !givesPlace)
    return no(`it names no ${needed.join(' or ')}, so it would go where its server chooses.`);
  const sendsPlace = values.some((leaf) => !prose(leaf) && !fixedForWrite(leaf));
  const rival = rivalOf(tool, serverName, asks, intent, sendsPlace);
  if (rival)
    return no(
      `your latest message could mean ${rival.name} (${rival.serverName}) as well; name the one you mean.`,
    );
  const hosts = new Set([...(intent.hosts ?? []), ...hostsIn(latest)]);
  for (const leaf of values) {
    if (fixedForWrite(leaf)) continue;
    if (prose(leaf)) {
      // An address as typed, case and all: a path is case-sensitive.
      const address = addressesIn(leaf.text).find((each) => !latest.includes(each));
      const host = hostsIn(leaf.text).find((each) => !hosts.has(each));
      if (address !== undefined || host !== undefined)
        return no(`its ${leaf.key} holds ${address ?? host}, which your latest message does not.`);
      continue;
    }
    // Not a server's own value: a channel or a recipient it listed has readers of its own. A
    // site's value goes back to the site alone (its cart, its product), never an address nor
    // who or where it reaches.
    const placed =
      asks.some((ask) => placedIn(ask, leaf.text, named.nouns)) &&
      !NOT_A_NAME.has(leaf.text.toLowerCase());
    if (!placed && !(site && fromThem(leaf) && !isAddress(leaf) && !isDestination(leaf.key)))
      return no(`${quote(leaf)} is not where your latest message says it goes.`);
  }
  return { asked: true };
}

const EXACT = { exact: true } as const;

/** The first word a verb takes, past "a", "the", "my": the thing it acts on. */
function headOf(ask: AskedAction): string | undefined {
  return ask.object.find((word) => !DETERMINERS.has(word));
}

/** Words before the thing a verb takes ("post a comment", "add the new page"). */
const DETERMINERS = new Set(
  'a an the my our your this that these those some any new another'.split(' '),
);

/** Words of a request that name no destination, however a value is spelled. */
const NOT_A_NAME = new Set(
  'it to the a an me my this that them us our you your and or on in at for with of'.split(' '),
);

/** What a request may say it makes for a tool that posts or comments ("leave a comment"). */
const ADDED: Partial<Record<Action, readonly string[]>> = {
  post: ['post', 'message', 'announcement'],
  comment: ['comment', 'reply'],
};

/**
 * Whether `ask` asks for what the tool named `name` does: its own action (a generic one, create
 * or update, only where the request names what it acts on; an update also where it takes the
 * call's own target first: "set PB-12 to done"), or making what a post or comment tool adds
 * (never a draft: a draft is not sent).
 */
function fits(ask: AskedAction, name: string, targets: readonly string[] = []): boolean {
  const named = toolAction(name);
  if (named.action === undefined || named.removes) return false;
  if (ask.action === named.action) {
    if (named.action === 'post' || named.action === 'comment') return true;
    if (namesAny(ask.object, named.nouns)) return true;
    return named.action === 'update' && targets.includes(headOf(ask) ?? '');
  }
  const made = ADDED[named.action];
  return (
    ask.action === 'create' &&
    ask.verb !== 'draft' &&
    made !== undefined &&
    namesAny(ask.object, made)
  );
}

/**
 * Another offered tool the request could mean (one that can go to a place, where the call names
 * one): of another server unless the request names this tool's server and not that one; of the same server unless it names what this tool acts on and
 * not what that one does. A tool whose thing the request's verb takes first counts, whatever its
 * verb ("post a comment" could mean `add_comment`).
 */
function rivalOf(
  tool: Pick<ToolLike, 'serverId' | 'name'>,
  serverName: string,
  asks: readonly AskedAction[],
  intent: Intent,
  /** The call sends where it goes ("#team"): a tool that takes no place cannot be meant. */
  sendsPlace: boolean,
): OfferedTool | undefined {
  const thing = (name: string) => {
    const made = toolAction(name);
    // What a create tool makes, taken first by the verb ("post a comment": `add_comment`), or
    // what the asked action makes ("post …": `add_message`).
    return (
      made.action === 'create' &&
      asks.some(
        (ask) =>
          namesAny([headOf(ask) ?? ''], made.nouns) ||
          namesAny(made.nouns, ADDED[ask.action] ?? []),
      )
    );
  };
  return intent.offered.find((other) => {
    if (other.readOnly || (other.serverId === tool.serverId && other.name === tool.name))
      return false;
    const action = toolAction(other.name);
    if (action.action === undefined || action.removes) return false;
    if (sendsPlace && other.takes?.length === 0) return false;
    const could = thing(other.name) || asks.some((ask) => fits(ask, other.name));
    if (!could) return false;
    // A server named where the request says the action goes ("… in Team Chat", "on Slack"),
    // not as a word of the request ("summarize my mail" names no server Mail).
    const placed = (name: string) => asks.some((ask) => placedIn(ask, name, []));
    if (other.serverId !== tool.serverId || other.serverName !== serverName)
      return !(placed(serverName) && !placed(other.serverName));
    const named = (name: string) =>
      asks.some((ask) => namesAny(ask.object, toolAction(name).nouns));
    return !(named(tool.name) && !named(other.name));
  });
}

const no = (why: string): IntentVerdict => ({ asked: false, why });
