/**
 * What an entry point asks of the panel's composer: focus, and text to add (a page's selection
 * quoted, or the page's title and address), which waits there until the person sends it.
 */
import { z } from 'zod';
import { quotedPageSchema } from '../chat-message/message-origin';

export const composerRequestSchema = z.object({
  /** New for every request, so the same text asked for twice applies twice. */
  id: z.string().min(1),
  /** Text to add to the composer; without it, the composer is only focused. */
  text: z.string().optional(),
  /**
   * The page the text is from (a selection, or its title and address): the message it is sent
   * in holds that page's words, not only the person's (src/chat-message/message-origin.ts).
   */
  from: quotedPageSchema.optional(),
  /** A chat to show instead (a routine run's, from its notification). */
  openChat: z.string().min(1).optional(),
});
export type ComposerRequest = z.infer<typeof composerRequestSchema>;

/** Where the worker leaves the request for the panel of `windowId` (chrome.storage.session). */
export const composerRequestKey = (windowId: number): string => `panel.composerRequest.${windowId}`;

/** A selection is quoted up to this many characters; a longer one ends with "[…]". */
export const MAX_QUOTED_CHARACTERS = 20_000;

/**
 * The selection as a Markdown quote, followed by an empty line for the question. The page's
 * text is only ever text here: it goes to the composer, never to the model until sent.
 */
export function quoteSelection(selection: string): string {
  const trimmed = selection.replace(/\r\n?/g, '\n').trim();
  const kept =
    trimmed.length > MAX_QUOTED_CHARACTERS
      ? `${trimmed.slice(0, MAX_QUOTED_CHARACTERS)} […]`
      : trimmed;
  const quoted = kept
    .split('\n')
    .map((line) => (line.trim() ? `> ${line}` : '>'))
    .join('\n');
  return `${quoted}\n\n`;
}

/** The page's title and address, on lines of their own, followed by an empty line. */
export function describePage(title: string | undefined, url: string): string {
  // A title is one line: a page's title may hold line breaks, which would start the question.
  const oneLine = title?.replace(/\s+/g, ' ').trim();
  return `${oneLine ? `Page: ${oneLine}\n` : ''}Address: ${url}\n\n`;
}
