import type { UIMessage } from 'ai';
import { z } from 'zod';
import type { KeyValueStore } from '../platform/ports';
import type { ConversationStore } from './history';
import { messageSchema, type MessageState } from './history-records';

/**
 * What a chat had not yet written when its panel went away (closed or reloaded), kept in
 * chrome.storage.local and written into the chats' database when a panel opens next.
 *
 * IndexedDB cannot be trusted at that moment: a message's write reads before it puts, and when
 * the panel's document is torn down between the two, the transaction dies with it (an answer
 * shown whole was lost that way when the panel reloaded as the answer ended). A storage set is
 * one message to the browser, which completes it whatever becomes of the page.
 */
export const UNSAVED_KEY_PREFIX = 'chat.unsaved.';

export interface UnsavedChanges {
  conversationId: string;
  /** Messages in the chat's order, each with the state it is to be written with. */
  messages: { message: UIMessage; state: MessageState }[];
  /** Messages taken out of the chat (edited or regenerated away). */
  gone: string[];
}

const unsavedSchema = z.object({
  conversationId: z.string(),
  messages: z.array(z.object({ message: messageSchema, state: z.enum(['streaming', 'complete']) })),
  gone: z.array(z.string()),
});

const keyOf = (conversationId: string) => `${UNSAVED_KEY_PREFIX}${conversationId}`;

/** Where a chat keeps its unwritten changes as its panel goes away. */
export interface UnsavedJournal {
  /** Keeps a chat's unwritten changes; called as the panel goes away, so nothing is awaited. */
  keep(changes: UnsavedChanges): void;
  /** Forgets them: the panel stayed after all (it came back from the back-forward cache). */
  forget(conversationId: string): void;
  /**
   * Writes every chat's kept changes into `history`, then forgets them; resolves with how many
   * chats had some. Writing them twice changes nothing, so two panels opening at once are safe.
   * A record that cannot be read is dropped; one whose write fails stays for the next panel,
   * and the first error is thrown once the others are written.
   */
  apply(history: ConversationStore): Promise<number>;
}

export function createUnsavedJournal(store: KeyValueStore): UnsavedJournal {
  return {
    keep(changes) {
      // Nothing can be shown any more if this fails (storage full): the words are lost as before.
      store.set({ [keyOf(changes.conversationId)]: changes }).catch(() => undefined);
    },
    forget(conversationId) {
      store.remove([keyOf(conversationId)]).catch(() => undefined);
    },
    async apply(history) {
      const keys = (await store.keys()).filter((key) => key.startsWith(UNSAVED_KEY_PREFIX));
      if (keys.length === 0) return 0;
      const found = await store.getMany(keys);
      let applied = 0;
      let failure: unknown;
      for (const key of keys) {
        const parsed = unsavedSchema.safeParse(found[key]);
        try {
          if (parsed.success) {
            const { conversationId, messages, gone } = parsed.data;
            for (const { message, state } of messages)
              await history.putMessage(conversationId, message as unknown as UIMessage, { state });
            if (gone.length > 0) await history.deleteMessages(conversationId, gone);
            applied += 1;
          }
          await store.remove([key]);
        } catch (error) {
          failure ??= error;
        }
      }
      if (failure !== undefined) throw failure;
      return applied;
    },
  };
}
