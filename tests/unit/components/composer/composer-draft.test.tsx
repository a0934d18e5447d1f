// @vitest-environment happy-dom
import {
  act,
  cleanup,
  fireEvent,
  render,
  renderHook,
  screen,
  waitFor,
} from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Composer } from '../../../../components/composer/Composer';
import { useComposerDraft } from '../../../../components/composer/use-composer-draft';
import { composerRequestKey } from '../../../../src/panel-entry/composer-request';
import { createMemoryStore } from '../../../../src/platform/memory';
import { createMemoryComposerInbox } from '../../../../src/platform/memory-panel-entry';

afterEach(cleanup);

const message = () => screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Message' });

describe('the composer asked to show text', () => {
  it('adds the text after what is typed, focused with the caret at the end, and sends nothing', () => {
    const onSend = vi.fn();
    const onRequestApplied = vi.fn();
    const props = { busy: false, onSend, onStop: vi.fn(), onRequestApplied };
    const { rerender } = render(<Composer {...props} />);
    fireEvent.change(message(), { target: { value: 'Typed first ' } });
    const request = { id: 'r1', text: '> Herons nest in colonies.\n\n' };
    rerender(<Composer {...props} request={request} />);
    expect(message().value).toBe('Typed first\n\n> Herons nest in colonies.\n\n');
    expect(document.activeElement).toBe(message());
    expect(message().selectionStart).toBe(message().value.length);
    expect(onRequestApplied).toHaveBeenCalledTimes(1);
    // The same request again (a render for another reason) adds nothing.
    rerender(<Composer {...props} request={{ ...request }} />);
    expect(message().value).toBe('Typed first\n\n> Herons nest in colonies.\n\n');
    expect(onSend).not.toHaveBeenCalled();
  });

  it('only takes the focus for a request without text', () => {
    render(<Composer busy={false} onSend={vi.fn()} onStop={vi.fn()} request={{ id: 'open' }} />);
    expect(document.activeElement).toBe(message());
    expect(message().value).toBe('');
  });
});

describe('useComposerDraft', () => {
  it('asks for focus on opening, then takes what arrives for its window, once', async () => {
    const store = createMemoryStore();
    const inbox = createMemoryComposerInbox(store, composerRequestKey(5));
    const onRequest = vi.fn();
    const { result } = renderHook(() => useComposerDraft(inbox, onRequest));
    expect(result.current.request).toEqual({ id: 'panel-opened' });
    act(() => result.current.applied());
    expect(result.current.request).toBeUndefined();

    await store.set({
      [composerRequestKey(5)]: { id: 'r2', text: 'Address: https://a.example/\n\n' },
    });
    act(() => inbox.arrived());
    await waitFor(() =>
      expect(result.current.request).toEqual({ id: 'r2', text: 'Address: https://a.example/\n\n' }),
    );
    expect(onRequest).toHaveBeenCalledTimes(1);
    expect(store.snapshot()).toEqual({});
  });

  it('reads a request left before the panel opened, and ignores one it cannot read', async () => {
    const store = createMemoryStore({ [composerRequestKey(5)]: { id: 'early', text: '> hi\n\n' } });
    const inbox = createMemoryComposerInbox(store, composerRequestKey(5));
    const { result } = renderHook(() => useComposerDraft(inbox, () => undefined));
    await waitFor(() => expect(result.current.request).toEqual({ id: 'early', text: '> hi\n\n' }));

    await store.set({ [composerRequestKey(5)]: { text: 42 } });
    act(() => inbox.arrived());
    await waitFor(() => expect(store.snapshot()).toEqual({}));
    expect(result.current.request).toEqual({ id: 'early', text: '> hi\n\n' });
  });

  it('asks for focus again on focus(), a request the composer has not applied yet each time', () => {
    const inbox = createMemoryComposerInbox(createMemoryStore(), composerRequestKey(5));
    const { result } = renderHook(() => useComposerDraft(inbox, () => undefined));
    act(() => result.current.applied());
    act(() => result.current.focus());
    const first = result.current.request;
    expect(first).toEqual({ id: expect.any(String) });
    act(() => result.current.applied());
    act(() => result.current.focus());
    expect(result.current.request).toEqual({ id: expect.any(String) });
    expect(result.current.request?.id).not.toBe(first?.id);
  });
});
