/**
 * Where a message's words came from, kept in its metadata beside the answer's (model, usage).
 * Only the composer marks words as typed by the person; everything else in a chat (a server's
 * prompt, an app's message, a page's text quoted from the context menu, an imported chat) is
 * someone else's, whatever role it plays, and the chat's trust reads it so
 * (src/policy/chat-sources.ts).
 */
import type { UIMessage } from 'ai';
import { z } from 'zod';

/** A page whose text (a selection, or its title) an entry point put in the composer. */
export const quotedPageSchema = z.object({ url: z.string(), title: z.string().optional() });
export type QuotedPage = z.infer<typeof quotedPageSchema>;

// Each field is read on its own, so a damaged one hides only itself.
const messageOriginSchema = z.looseObject({
  /** The message's text parts are what the person typed in the composer. */
  typed: z.literal(true).optional().catch(undefined),
  /** Pages whose text the person's draft held when it was sent (its text is not all theirs). */
  quoted: z.array(quotedPageSchema).optional().catch(undefined),
  /** An MCP App sent this message (its name). */
  fromApp: z.string().optional().catch(undefined),
  /** A server's prompt, run with "/", gave this message. */
  fromPrompt: z.object({ serverId: z.string(), name: z.string() }).optional().catch(undefined),
  /** The message came from a chat file. */
  imported: z.literal(true).optional().catch(undefined),
});
export type MessageOrigin = z.infer<typeof messageOriginSchema>;

export function originOfMessage(message: Pick<UIMessage, 'metadata'>): MessageOrigin {
  const parsed = messageOriginSchema.safeParse(message.metadata ?? {});
  return parsed.success ? parsed.data : {};
}

/** The metadata of a message the person sent from the composer. */
export function typedMetadata(quoted: readonly QuotedPage[] = []): MessageOrigin {
  return { typed: true, ...(quoted.length ? { quoted: [...quoted] } : {}) };
}
