import type { UIMessage } from 'ai';
import { throttleLatest } from '../mcp/throttle';
import type { ConversationStore, MessageState } from './history';
import type { UnsavedChanges } from './unsaved-changes';

/** How often a streaming answer is written at most: a crash loses at most this much of it. */
export const WRITE_INTERVAL_MS = 1000;

export interface ChatWriterOptions {
  store: ConversationStore;
  conversationId: string;
  /** The messages as stored when the chat opened, and which of them were mid-turn. */
  stored: readonly UIMessage[];
  interrupted?: readonly string[];
  intervalMs?: number;
  /** After a write: the chat's title, and whether the list of chats may have changed. */
  onSaved(title: string): void;
  /** A write failed (the error), or writing works again after a failure (undefined). */
  onError(error: unknown): void;
}

export interface ChatWriter {
  /**
   * The chat as it is now. `state` is its current turn's (`streaming` until the turn settles);
   * `urgent` writes at once (the person's message, a step boundary, the end of a turn), else
   * within the interval.
   */
  update(messages: readonly UIMessage[], state: MessageState, urgent: boolean): void;
  /** Writes what is pending now; resolves once every write asked for so far is done. */
  flush(): Promise<void>;
  /**
   * What is not known to be written yet: the latest state's changes against the writes that
   * finished (undefined when there are none). Kept elsewhere as the panel goes away.
   */
  unsaved(): UnsavedChanges | undefined;
  /** Drops what is pending (the chat was deleted). */
  cancel(): void;
}

interface Written {
  message: UIMessage;
  state: MessageState;
}

interface Snapshot {
  messages: readonly UIMessage[];
  state: MessageState;
}

/**
 * Keeps a chat's stored messages in step with the chat, message by message: only what changed is
 * written, each message in a transaction of its own, one write after the other in order.
 *
 * Only messages this chat wrote or opened with are ever deleted (edited or regenerated away), so
 * another panel's messages in the same chat are never erased. A failed write (storage full)
 * changes nothing stored and is tried again with the next update.
 */
export function createChatWriter(options: ChatWriterOptions): ChatWriter {
  const { store, conversationId } = options;
  const interrupted = new Set(options.interrupted);
  const written = new Map<string, Written>(
    options.stored.map((message) => [
      message.id,
      { message, state: interrupted.has(message.id) ? 'streaming' : 'complete' },
    ]),
  );
  let queue = Promise.resolve();
  let failing = false;
  let title: string | undefined;
  let latest: Snapshot | undefined;

  /** A snapshot's messages not written as they are now, and the written ones it no longer has. */
  function changesOf({ messages, state }: Snapshot) {
    const present = new Set(messages.map((message) => message.id));
    const gone = [...written.keys()].filter((id) => !present.has(id));
    // Messages from the person's last one on are the current turn; earlier turns are settled.
    const turnStart = messages.findLastIndex((message) => message.role === 'user');
    const changed = messages.flatMap((message, index) => {
      const before = written.get(message.id);
      const target: MessageState = index >= turnStart ? state : 'complete';
      return before?.message === message && before.state === target
        ? []
        : [{ message, state: target }];
    });
    return { changed, gone };
  }

  async function write(snapshot: Snapshot): Promise<void> {
    const { changed, gone } = changesOf(snapshot);
    let changedList = gone.length > 0;
    try {
      // New and changed messages first, removals last: a crash in between keeps words (the
      // answer being replaced, say) rather than losing the new ones.
      for (const { message, state } of changed) {
        const before = written.get(message.id);
        const saved = await store.putMessage(conversationId, message, { state });
        if (!before || saved !== title) changedList = true;
        title = saved;
        written.set(message.id, { message, state });
      }
      if (gone.length > 0) {
        await store.deleteMessages(conversationId, gone);
        for (const id of gone) written.delete(id);
      }
    } catch (error) {
      failing = true;
      options.onError(error);
      return;
    }
    if (failing) {
      failing = false;
      options.onError(undefined);
    }
    if (changedList && title !== undefined) options.onSaved(title);
  }

  const throttle = throttleLatest((snapshot: Snapshot) => {
    queue = queue.then(() => write(snapshot));
  }, options.intervalMs ?? WRITE_INTERVAL_MS);

  return {
    update(messages, state, urgent) {
      latest = { messages, state };
      throttle.push(latest);
      if (urgent) throttle.flush();
    },
    flush() {
      throttle.flush();
      return queue;
    },
    unsaved() {
      if (!latest) return undefined;
      const { changed, gone } = changesOf(latest);
      return changed.length > 0 || gone.length > 0
        ? { conversationId, messages: changed, gone }
        : undefined;
    },
    cancel() {
      latest = undefined;
      throttle.cancel();
    },
  };
}
