/**
 * Which actions a person's request asks for, and where it says they go (intent.ts): a verb in
 * the imperative, and the places its clause names. Read deterministically and on the side of
 * asking. Quoted text is what to write, not what to do; addresses are names, not words; a verb
 * after a negation ("don't create, update or comment"), in a question ("post it or keep it?"),
 * in a clause with a subject ("Bob will review it and post it"), with "me" ("update me") or as a
 * heading ("Update on PB-12: …", "Message from Bob:") asks for nothing.
 */
import { normalize } from './said';
import { namesAny, type Action } from './tool-actions';

/** Verbs a person types, by the action they ask for. */
const TYPED_VERBS: Record<string, Action> = {
  create: 'create',
  make: 'create',
  add: 'create',
  file: 'create',
  draft: 'create',
  write: 'create',
  leave: 'create',
  log: 'create',
  start: 'create',
  post: 'post',
  send: 'post',
  share: 'post',
  tell: 'post',
  announce: 'post',
  message: 'post',
  notify: 'post',
  publish: 'post',
  comment: 'comment',
  reply: 'comment',
  respond: 'comment',
  update: 'update',
  edit: 'update',
  change: 'update',
  rename: 'update',
  set: 'update',
  mark: 'update',
  assign: 'update',
  label: 'update',
  tag: 'update',
  move: 'update',
};

const words = (list: string) => new Set(list.split(' '));
/** Words that may stand before an imperative verb ("please post", "then just post"). */
const LEADS = words('also please pls now just so kindly first next finally go ahead quickly');
/** Words that start a new clause ("read PB-7 and post it", "then file one"). */
const CLAUSE_WORDS = words('and then but');
/** "Can you post", "would you please post": a request put as a question. */
const POLITE = words('can could would will');
const NEGATIONS = words("not don't dont never no without doesn't shouldn't won't nor avoid except");
/** A clause that starts so has a subject: it tells of someone's doing, it asks nothing. */
const SUBJECTS = words(
  "i i'll i'm i've i'd we we'll we're he she they he'll she'll they'll you'll it it'll someone everyone nobody there",
);
const AUXILIARIES = words(
  "will 'll would should shall can could may might must is are was were has have had does did wants needs said says thinks asked plans",
);
/** Words after which a request names where an action goes ("to #team", "on PB-7"). */
const PLACES = words('to in into on onto at with cc bcc called named titled');
const HEADING = words('on about from for re regarding');
/**
 * Words that end what a verb's clause says of where it goes: what follows tells of something
 * else (a later step, a source, a reason, an exclusion, someone's doing).
 */
const COMPLEMENT_ENDS = words(
  'before after so that saying which who whom whose what when where why how if whether once until because while since though although unless as than instead rather like from about regarding re by via except other besides for related same similar said says sent wrote posted shared mentioned asked told gave noted reported replied commented messaged forwarded',
);
/** "Anna wrote: post it …": the words after a reporting verb and a colon are hers. */
const REPORTING = words(
  'wrote writes said says asked asks posted mentioned replied commented messaged told',
);
/** "Tell who posted it", "share what was decided": an answer in the chat, not a post. */
const QUESTION_WORDS = words('what who whom whose which whether if how why when where your');
const BOUNDARY = /^[.!?;:,\n—–]$/;

const TOKEN = new RegExp(
  [
    // Quoted text: one token, what to write.
    `"[^"]*"`,
    `(?<=^|[\\s(])'[^']*'(?=$|[\\s.,;:!?)])`,
    '`[^`]*`',
    // Addresses: one token each, a name.
    `[a-z][a-z0-9+.-]*:\\/\\/[^\\s<>"'\`)\\]]+`,
    `\\/\\/[^\\s<>"'\`)\\]]+`,
    `[^\\s<>"'\`(@,;]+@[^\\s<>"'\`)@,;]+\\.[^\\s<>"'\`)@,;]*[^\\s<>"'\`)@,;.]`,
    `(?:[\\p{L}\\p{N}-]+\\.)+\\p{L}{2,}(?:[:/][^\\s<>"'\`)\\]]*)?`,
    // Words, with their inner marks ("PB-12", "10:30", "don't", "0.2").
    `[#@]?[\\p{L}\\p{N}]+(?:[:.,'_-][\\p{L}\\p{N}]+)*`,
    '[.!?;:,\\n—–]',
  ].join('|'),
  'gu',
);

/** The tokens of `text` as the request is read: words, quotes, addresses, punctuation. */
export function tokensOf(text: string): string[] {
  // Line by line: a line break ends a sentence ("normalize" folds it into a space).
  // A line quoted with ">" is what someone else wrote: one quote token, asking nothing.
  return text
    .split(/\r?\n/)
    .flatMap((line, index) => [
      ...(index ? ['\n'] : []),
      ...(/^\s*>/.test(line) ? ['"…"'] : (normalize(line).match(TOKEN) ?? [])),
    ]);
}

const isWord = (token: string) => /^[#@]?[\p{L}\p{N}]/u.test(token) && !token.includes('://');

/** One action a request asks for: its verb, what follows, and its clause (verb first). */
export interface AskedAction {
  action: Action;
  verb: string;
  /** Up to six words after the verb, within its clause. */
  object: string[];
  /** The clause's tokens, from the verb to the clause's end. */
  clause: string[];
}

/** The actions `request` asks for in the imperative. */
export function askedActions(request: string): AskedAction[] {
  const asked: AskedAction[] = [];
  for (let sentence of sentencesOf(tokensOf(request))) {
    // A question asks for nothing unless it is a polite request ("can you post …?").
    const polite = POLITE.has(sentence[0] ?? '') && sentence[1] === 'you';
    if (sentence.at(-1) === '?' && !polite) continue;
    if (polite) sentence = sentence.slice(2);
    let negated = false;
    sentence.forEach((token, at) => {
      // A negation holds over its list ("don't create, update or comment") to a "but".
      if (NEGATIONS.has(token) || token.endsWith("n't")) negated = true;
      if (token === 'but') negated = false;
      const action = TYPED_VERBS[token];
      if (action === undefined || negated || !imperativeAt(sentence, at)) return;
      let end = at + 1;
      while (end < sentence.length && !endsClause(sentence[end]!)) end += 1;
      const clause = sentence.slice(at, end);
      const object = clause.slice(1).filter(isWord).slice(0, 6);
      const first = clause[1] ?? '';
      // "Tell me", "update us": an answer, not a post. "Tell who posted it", "share what was
      // decided", "share your thoughts": an answer in the chat.
      if (['me', 'us', 'myself'].includes(first)) return;
      if ((action === 'post' || action === 'comment') && QUESTION_WORDS.has(first)) return;
      // "Update: …", "Message from Bob in #team", "Update on PB-12: …": a heading.
      if (
        first === 'from' ||
        (sentence[end] === ':' && (clause.length === 1 || HEADING.has(first)))
      )
        return;
      asked.push({ action, verb: token, object, clause });
    });
  }
  return asked;
}

/**
 * Whether `value` sits in the clause of `ask` where it names a place: right after the verb ("tell
 * #design", "set PB-12"), after what the tool acts on at the object's start ("update the issue
 * PB-12"), or after a place word ("to", "on", "with", "called") that is the first one after the
 * verb's object or follows a place already named ("to #team in Team Chat", "called Retro on
 * Friday"). Whole, every character its own (a `#team_` is not `#team`), outside quotes, and
 * before anything that tells of something else ("… before it goes to #x", "from my call with
 * eve@…", "rather than in #general", "the link Bob sent in #x").
 */
export function placedIn(ask: AskedAction, value: string, nouns: readonly string[]): boolean {
  const wanted = tokensOf(value);
  if (!wanted.length) return false;
  // Every character of the value in its tokens: none dropped between them.
  if (normalize(value).replace(/\s/g, '') !== wanted.join('').replace(/\s/g, '')) return false;
  return placesIn(ask, nouns).some((at) =>
    wanted.every((token, index) => ask.clause[at + index] === token),
  );
}

/** Where in the clause of `ask` a named place may start (indices into `ask.clause`). */
function placesIn(ask: AskedAction, nouns: readonly string[]): number[] {
  const { clause } = ask;
  const starts = [1];
  let placeSeen = false;
  let objectStart = true;
  for (let at = 1; at < clause.length; at += 1) {
    const token = clause[at]!;
    // "Post that to #team": right after the verb, "that" is what to post.
    const ends = COMPLEMENT_ENDS.has(token) && !(at === 1 && DETERMINERS.has(token));
    if (ends || NEGATIONS.has(token) || token.endsWith("n't")) break;
    if (objectStart && !DETERMINERS.has(token) && namesAny([token], nouns)) starts.push(at + 1);
    if (!DETERMINERS.has(token)) objectStart = false;
    if (!PLACES.has(token)) continue;
    // The first place word after the object, or one right after a place named ("to #team in …").
    if (!placeSeen || starts.includes(at - 1)) starts.push(at + 1);
    placeSeen = true;
  }
  return starts;
}

const DETERMINERS = words('a an the my our this that these those');

/** Tokens split after each sentence's end (".", "!", "?", a line break). */
function sentencesOf(tokens: readonly string[]): string[][] {
  const sentences: string[][] = [[]];
  for (const token of tokens) {
    sentences.at(-1)!.push(token);
    if (/^[.!?\n]$/.test(token)) sentences.push([]);
  }
  return sentences.filter((sentence) => sentence.length);
}

const endsClause = (token: string) => BOUNDARY.test(token) || CLAUSE_WORDS.has(token);

/**
 * Whether the verb at `at` is in the imperative: only words like "please" before it back to the
 * sentence's start or a clause's; after "and" or "then", only if that clause has no subject.
 */
function imperativeAt(tokens: readonly string[], at: number): boolean {
  for (let before = at - 1; before >= 0; before -= 1) {
    const token = tokens[before]!;
    // "Anna wrote: post it": her words, reported.
    if (token === ':' && REPORTING.has(tokens[before - 1] ?? '')) return false;
    if (BOUNDARY.test(token)) return true;
    if (CLAUSE_WORDS.has(token)) return !hasSubject(tokens, before);
    if (!LEADS.has(token)) return false;
  }
  return true;
}

/** Whether the clause ending before `end` tells of a subject's doing ("Bob will review it"). */
function hasSubject(tokens: readonly string[], end: number): boolean {
  let start = end;
  while (start > 0 && !endsClause(tokens[start - 1]!)) start -= 1;
  const clause = tokens.slice(start, end);
  return (
    SUBJECTS.has(clause[0] ?? '') || clause.slice(1, 6).some((token) => AUXILIARIES.has(token))
  );
}
