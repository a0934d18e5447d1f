import 'fake-indexeddb/auto';
import type { UIMessage } from 'ai';
import { describe, expect, it, vi } from 'vitest';
import { createChatWriter } from '../../../src/chat/chat-writer';
import {
  createIndexedDbConversationStore,
  type ConversationStore,
} from '../../../src/chat/history';

let databases = 0;
const freshStore = () => createIndexedDbConversationStore(`chat-writer-${(databases += 1)}`);

const user = (id: string, text: string): UIMessage => ({
  id,
  role: 'user',
  parts: [{ type: 'text', text }],
});
const answer = (
  id: string,
  text: string,
  state: 'streaming' | 'done' = 'streaming',
): UIMessage => ({
  id,
  role: 'assistant',
  parts: [{ type: 'step-start' }, { type: 'text', text, state }],
});

function writerFor(store: ConversationStore, stored: UIMessage[] = [], interrupted: string[] = []) {
  const errors: unknown[] = [];
  const titles: string[] = [];
  const writer = createChatWriter({
    store,
    conversationId: 'c',
    stored,
    interrupted,
    intervalMs: 1000,
    onSaved: (title) => titles.push(title),
    onError: (error) => errors.push(error),
  });
  return { writer, errors, titles };
}

const texts = async (store: ConversationStore) =>
  (await store.get('c'))?.messages.map((message) =>
    message.parts.map((part) => (part.type === 'text' ? part.text : '')).join(''),
  );

describe('saving a chat as it happens', () => {
  it('writes the question at once, the streaming answer at most once per interval, and the last state when the turn ends', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    try {
      const store = freshStore();
      const { writer, titles } = writerFor(store);
      const question = user('q', 'Why is the sky blue?');
      writer.update([question], 'streaming', true);
      await writer.flush();
      expect(await texts(store)).toEqual(['Why is the sky blue?']);
      expect((await store.get('c'))?.interrupted).toEqual(['q']);
      expect(titles).toEqual(['Why is the sky blue?']);

      writer.update([question, answer('a', 'Light')], 'streaming', true);
      writer.update([question, answer('a', 'Light scatters')], 'streaming', false);
      writer.update([question, answer('a', 'Light scatters off')], 'streaming', false);
      await writer.flush().then(() => undefined);
      // flush() wrote the latest pending state; without it, the timer would have.
      expect(await texts(store)).toEqual(['Why is the sky blue?', 'Light scatters off']);

      writer.update([question, answer('a', 'Light scatters off air.')], 'streaming', false);
      await vi.advanceTimersByTimeAsync(999);
      expect((await texts(store))?.[1]).toBe('Light scatters off');
      await vi.advanceTimersByTimeAsync(1);
      await writer.flush();
      expect((await texts(store))?.[1]).toBe('Light scatters off air.');
      expect((await store.get('c'))?.interrupted).toEqual(['q', 'a']);

      writer.update([question, answer('a', 'Light scatters off air.', 'done')], 'complete', true);
      await writer.flush();
      expect((await store.get('c'))?.interrupted).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('deletes only messages it knew that are gone (regenerated), never another panel’s', async () => {
    const store = freshStore();
    const opened = [user('q1', 'One'), answer('a1', 'First', 'done')];
    await store.save({ id: 'c', title: 'One', createdAt: 1, updatedAt: 1, messages: opened });
    const panelA = writerFor(store, opened).writer;
    const panelB = writerFor(store, opened).writer;
    panelA.update(
      [...opened, user('qa', 'From A'), answer('aa', 'Answer A', 'done')],
      'complete',
      true,
    );
    await panelA.flush();
    // B never saw A's messages; its own turn must not erase them.
    panelB.update(
      [...opened, user('qb', 'From B'), answer('ab', 'Answer B', 'done')],
      'complete',
      true,
    );
    await panelB.flush();
    expect(await texts(store)).toEqual([
      'One',
      'First',
      'From A',
      'Answer A',
      'From B',
      'Answer B',
    ]);
    // A regenerates its answer: its old one goes, B's stay.
    panelA.update(
      [...opened, user('qa', 'From A'), answer('aa2', 'Answer A again', 'done')],
      'complete',
      true,
    );
    await panelA.flush();
    expect(await texts(store)).toEqual([
      'One',
      'First',
      'From A',
      'From B',
      'Answer B',
      'Answer A again',
    ]);
  });

  it('keeps the chat working when storage is full, loses nothing stored, and resumes', async () => {
    const store = freshStore();
    const { writer, errors } = writerFor(store);
    const question = user('q', 'Keep this');
    writer.update([question, answer('a', 'Saved part')], 'streaming', true);
    await writer.flush();
    let full = true;
    const failing: ConversationStore = {
      ...store,
      putMessage: (...args) =>
        full
          ? Promise.reject(new DOMException('The quota has been exceeded.', 'QuotaExceededError'))
          : store.putMessage(...args),
    };
    const seam = writerFor(failing, [question, answer('a', 'Saved part')]);
    seam.writer.update([question, answer('a', 'Saved part and more')], 'streaming', true);
    await seam.writer.flush();
    expect(seam.errors).toHaveLength(1);
    expect((seam.errors[0] as DOMException).name).toBe('QuotaExceededError');
    expect(await texts(store)).toEqual(['Keep this', 'Saved part']);
    full = false;
    seam.writer.update([question, answer('a', 'Saved part and more', 'done')], 'complete', true);
    await seam.writer.flush();
    expect(seam.errors).toEqual([expect.anything(), undefined]);
    expect(await texts(store)).toEqual(['Keep this', 'Saved part and more']);
    expect(errors).toEqual([]);
  });

  it('never brings back a chat removed while a write was pending', async () => {
    const store = freshStore();
    const { writer } = writerFor(store);
    writer.update([user('q', 'Soon gone')], 'streaming', true);
    await writer.flush();
    writer.update([user('q', 'Soon gone'), answer('a', 'Late')], 'streaming', false);
    await store.remove('c');
    await writer.flush();
    expect(await store.get('c')).toBeUndefined();
    expect((await store.list()).conversations).toEqual([]);
  });

  it('writes a replacement before removing what it replaces, so a failure between keeps both', async () => {
    const store = freshStore();
    const opened = [user('q', 'Question'), answer('old', 'Old answer', 'done')];
    await store.save({ id: 'c', title: 'Q', createdAt: 1, updatedAt: 1, messages: opened });
    let deletes = 'fail';
    const flaky: ConversationStore = {
      ...store,
      deleteMessages: (...args) =>
        deletes === 'fail' ? Promise.reject(new Error('crashed')) : store.deleteMessages(...args),
    };
    const { writer, errors } = writerFor(flaky, opened);
    const regenerated = [opened[0]!, answer('new', 'New answer', 'done')];
    writer.update(regenerated, 'complete', true);
    await writer.flush();
    expect(errors).toHaveLength(1);
    expect(await texts(store)).toEqual(['Question', 'Old answer', 'New answer']);
    deletes = 'work';
    writer.update([...regenerated], 'complete', true);
    await writer.flush();
    expect(await texts(store)).toEqual(['Question', 'New answer']);
  });
});
