import { BrowserAgentError } from './agent-error';

/**
 * A case-insensitive pattern for `text` in visible text, where any run of whitespace matches any
 * other (the query's spaces may be line breaks on the page). Throws `invalid` for blank text.
 */
export function textMatcher(text: string): RegExp {
  const words = text.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) {
    throw new BrowserAgentError('invalid', 'The text to look for is empty; give a word or phrase.');
  }
  const escaped = words.map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(escaped.join('\\s+'), 'giu');
}
