/**
 * Description hygiene: whether a tool's description (or a skill's) reads like instructions to
 * the model rather than a description of the tool, after the checks of tool-poisoning scanners
 * such as Invariant Labs' mcp-scan. A server's descriptions reach the model in every request,
 * so a poisoned one steers every chat: while one is offered, nothing the chat's outside text
 * could steer runs unasked (call-policy.ts), and its card says which words did it. A clean one
 * still counts as others' text; it only does not stop the person's own requests (intent.ts).
 *
 * Deterministic patterns, tuned to flag what addresses the model or hides itself, not what
 * explains a tool ("Use this tool to search the docs", "You must pass an id").
 */

const PATTERNS: readonly RegExp[] = [
  // Addresses the model, not the tool's user.
  /\b(?:note|message|instructions?|reminder)s? (?:to|for) (?:the |any |all )?(?:ai|assistant|model|llm|agent|bot|claude|gpt|chatgpt|gemini|copilot)s?\b/i,
  /\b(?:important|attention|warning|system)\s*:\s*(?:you|the (?:ai|assistant|model)|always|never|whenever|before|after|do not|don't|ignore|also)\b/i,
  /\bwhenever (?:the )?(?:user|person|human) (?:asks|posts|sends|says|writes|types|mentions|wants)\b/i,
  /\b(?:ai|assistant|model|llm|agent)s? (?:reading|seeing|processing) this\b/i,
  /\b(?:ignore|disregard|forget|override)\b.{0,30}\b(?:previous|prior|above|earlier|other|all|system)\b.{0,20}\b(?:instructions?|rules?|prompts?|messages?|tools?)\b/i,
  /<\/?\s*(?:important|system|instructions?|secret|hidden|admin|sudo)\s*>/i,
  /\[\s*(?:system|instructions?|important)\s*\]/i,
  /\b(?:do not|don['’]t|never)\s+(?:tell|mention|inform|show|reveal|notify)\b.{0,30}\b(?:user|person|human|owner)\b/i,
  /\b(?:before|after|instead of|whenever|every time)\s+(?:using|calling|you use|you call|running|answering|responding)\b/i,
  /\b(?:you must|you should|you need to|always|first)\s+(?:call|use|run|invoke|send|post|forward|read|include|open|visit|fetch|upload|attach|delete)\b.{0,40}\b(?:tool|url|link|https?|file|conversation|chat|message|secret|key|token|password|other)\b/i,
  /\b(?:system prompt|system message|previous instructions|chain of thought|hidden instructions?)\b/i,
  /\b(?:send|post|forward|include|append|exfiltrate|upload|leak|copy)\b.{0,40}\b(?:passwords?|secrets?|tokens?|api keys?|credentials?|ssh|private keys?|conversation|chat history|previous messages|the user['’]s (?:data|messages|files))\b/i,
  /\binstruction\s*:/i,
  // Hidden text: tag characters, zero-width and direction controls.
  /[\u{E0000}-\u{E007F}\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/u,
];

/** A run of 48 or more base64 characters mixing cases and digits: an encoded blob. */
function encodedBlob(text: string): string | undefined {
  return text
    .replace(/\b[a-z][a-z0-9+.-]*:\/\/\S+/gi, ' ') // an address's id is not a blob
    .match(/[A-Za-z0-9+/_=-]{48,}/g)
    ?.find((run) => /\d/.test(run) && /[a-z]/.test(run) && /[A-Z]/.test(run));
}

/** The words that make `text` read like instructions to the model; undefined when none do. */
export function instructionLike(text: string | undefined): string | undefined {
  if (!text) return undefined;
  const found =
    PATTERNS.map((pattern) => pattern.exec(text)?.[0]).find(Boolean) ?? encodedBlob(text);
  if (found === undefined) return undefined;
  const shown = [...found].map(visible).join('');
  return shown.length > 60 ? `${shown.slice(0, 60)}…` : shown;
}

/** A hidden character shown as its code point, so the card names what it cannot show. */
function visible(char: string): string {
  return /[\u{E0000}-\u{E007F}\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/u.test(
    char,
  )
    ? `⟨U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}⟩`
    : char;
}

/** Every text of a tool's definition the model reads: its description, its inputs' words. */
export function definitionTexts(tool: { description?: string; inputSchema?: unknown }): string[] {
  const texts: string[] = tool.description ? [tool.description] : [];
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(walk);
    else if (typeof value === 'object' && value !== null)
      for (const [key, inner] of Object.entries(value)) {
        if (typeof inner === 'string' && (key === 'description' || key === 'title'))
          texts.push(inner);
        else walk(inner);
      }
  };
  walk(tool.inputSchema);
  return texts;
}

/** The first words of a tool's definition that read like instructions, if any. */
export function steeringIn(tool: {
  description?: string;
  inputSchema?: unknown;
}): string | undefined {
  for (const text of definitionTexts(tool)) {
    const found = instructionLike(text);
    if (found !== undefined) return found;
  }
  return undefined;
}
