/**
 * What chat fault tests read and write in the panel's IndexedDB directly, from an extension
 * page: the stored messages (to assert exactly what survived) and databases in earlier layouts.
 */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

export interface StoredMessage {
  conversationId: string;
  role: string;
  text: string;
  state: string;
  /** `toolName:state` of each tool call in the message. */
  calls: string[];
  /** What the message says of itself (where its words came from…), when asked for. */
  metadata?: Record<string, unknown>;
}

/**
 * Every stored message of every chat, in each chat's order. Reads only a database the panel
 * has already opened (creating one here would give the panel an empty layout-1 database).
 */
export function storedMessages(
  page: Page,
  options: { metadata?: boolean } = {},
): Promise<StoredMessage[]> {
  return page.evaluate(async (withMetadata) => {
    const db = await new Promise<IDBDatabase | undefined>((resolve, reject) => {
      const request = indexedDB.open('patchbay');
      request.onupgradeneeded = () => request.transaction?.abort();
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => resolve(undefined);
      request.onblocked = () => reject(new Error('The chat database is blocked'));
    });
    if (!db || !db.objectStoreNames.contains('messages')) {
      db?.close();
      return [];
    }
    const records = await new Promise<unknown[]>((resolve, reject) => {
      const request = db.transaction('messages').objectStore('messages').index('order').getAll();
      request.onsuccess = () => resolve(request.result as unknown[]);
      request.onerror = () => reject(request.error ?? new Error('read failed'));
    });
    db.close();
    type Part = { type: string; text?: string; state?: string; toolName?: string };
    return (
      records as {
        conversationId: string;
        state: string;
        message: { role: string; parts: Part[]; metadata?: Record<string, unknown> };
      }[]
    ).map((record) => ({
      conversationId: record.conversationId,
      role: record.message.role,
      ...(withMetadata && record.message.metadata ? { metadata: record.message.metadata } : {}),
      state: record.state,
      text: record.message.parts
        .filter((part) => part.type === 'text')
        .map((part) => part.text ?? '')
        .join(''),
      calls: record.message.parts
        .filter((part) => part.type === 'dynamic-tool')
        .map((part) => `${part.toolName ?? ''}:${part.state ?? ''}`),
    }));
  }, options.metadata === true);
}

/**
 * Waits until an answer holding `text` is stored complete: what a test waits for before it
 * reloads or closes the panel, since the answer shows a moment before its last save lands.
 */
export async function storedAnswer(page: Page, text: string): Promise<void> {
  await expect
    .poll(async () =>
      (await storedMessages(page)).some(
        (message) =>
          message.role === 'assistant' &&
          message.state === 'complete' &&
          message.text.includes(text),
      ),
    )
    .toBe(true);
}

export interface LegacyChat {
  id: string;
  title: string;
  createdAt: number;
  updatedAt: number;
  messages: { id: string; role: string; parts: { type: string; text: string }[] }[];
}

/** Writes the chat database as layout 1 or 2 wrote it; run it before the panel first opens. */
export function writeLegacyDatabase(page: Page, layout: 1 | 2, chats: LegacyChat[]) {
  return page.evaluate(
    async ([version, list]) => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open('patchbay', version);
        request.onupgradeneeded = () => {
          const upgrading = request.result;
          upgrading
            .createObjectStore('conversations', { keyPath: 'id' })
            .createIndex('updatedAt', 'updatedAt');
          if (version === 2)
            upgrading
              .createObjectStore('summaries', { keyPath: 'id' })
              .createIndex('updatedAt', 'updatedAt');
        };
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error ?? new Error('open failed'));
      });
      const stores = version === 2 ? ['conversations', 'summaries'] : ['conversations'];
      const transaction = db.transaction(stores, 'readwrite');
      for (const chat of list) {
        transaction.objectStore('conversations').put(chat);
        const { id, title, createdAt, updatedAt } = chat;
        if (version === 2)
          transaction.objectStore('summaries').put({ id, title, createdAt, updatedAt });
      }
      await new Promise<void>((resolve, reject) => {
        transaction.oncomplete = () => resolve();
        transaction.onerror = () => reject(transaction.error ?? new Error('write failed'));
      });
      db.close();
    },
    [layout, chats] as const,
  );
}

/** Puts raw records into the layout-3 stores, as a damaged or foreign write would. */
export function putRaw(page: Page, store: 'summaries' | 'messages', value: unknown) {
  return page.evaluate(
    async ([name, record]) => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open('patchbay');
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error ?? new Error('open failed'));
      });
      const transaction = db.transaction(name, 'readwrite');
      transaction.objectStore(name).put(record);
      await new Promise<void>((resolve, reject) => {
        transaction.oncomplete = () => resolve();
        transaction.onerror = () => reject(transaction.error ?? new Error('write failed'));
      });
      db.close();
    },
    [store, value] as const,
  );
}

/** Writes `count` chats of `perChat` messages into the layout-3 stores in one transaction. */
export function seedChats(page: Page, count: number, perChat: number) {
  return page.evaluate(
    async ([chats, messages]) => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open('patchbay');
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error ?? new Error('open failed'));
      });
      const transaction = db.transaction(['summaries', 'messages', 'texts'], 'readwrite');
      for (let c = 0; c < chats; c += 1) {
        const id = `seed-${c}`;
        transaction
          .objectStore('summaries')
          .put({ id, title: `Seeded chat ${c}`, createdAt: c, updatedAt: c });
        for (let m = 0; m < messages; m += 1) {
          const text = `Message ${m} of chat ${c} about topic${(c * messages + m) % 997}`;
          transaction.objectStore('messages').put({
            conversationId: id,
            id: `m${m}`,
            seq: m,
            state: 'complete',
            message: {
              id: `m${m}`,
              role: m % 2 ? 'assistant' : 'user',
              parts: [{ type: 'text', text }],
            },
          });
          transaction.objectStore('texts').put({ conversationId: id, id: `m${m}`, seq: m, text });
        }
      }
      await new Promise<void>((resolve, reject) => {
        transaction.oncomplete = () => resolve();
        transaction.onerror = () => reject(transaction.error ?? new Error('write failed'));
      });
      db.close();
    },
    [count, perChat] as const,
  );
}
