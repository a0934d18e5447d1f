// @vitest-environment happy-dom
import { renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useFreshOpenChat } from '../../../../components/chat/use-fresh-open-chat';
import type { OpenedConversation } from '../../../../src/chat/history';

const opened = (updatedAt: number): OpenedConversation => ({
  id: 'c1',
  title: 'Trip plan',
  createdAt: 1,
  updatedAt,
  messages: [],
  interrupted: [],
  skipped: 0,
});
const listed = (updatedAt: number) => ({
  conversations: [{ id: 'c1', title: 'Trip plan', createdAt: 1, updatedAt }],
  skipped: 0,
});

describe('useFreshOpenChat', () => {
  it('reads the open chat again when history holds a newer version, once', () => {
    const reread = vi.fn(async () => undefined);
    const { rerender } = renderHook((props) => useFreshOpenChat(props), {
      initialProps: { conversation: opened(10), list: listed(20), reread },
    });
    expect(reread).toHaveBeenCalledExactlyOnceWith('c1');
    rerender({ conversation: opened(10), list: listed(30), reread });
    expect(reread).toHaveBeenCalledOnce();
  });

  it('leaves a chat as history holds it, and a new chat not saved yet', () => {
    const reread = vi.fn(async () => undefined);
    renderHook(() => useFreshOpenChat({ conversation: opened(20), list: listed(20), reread }));
    renderHook(() =>
      useFreshOpenChat({
        conversation: { ...opened(5), id: 'new' },
        list: listed(20),
        reread,
      }),
    );
    expect(reread).not.toHaveBeenCalled();
  });

  it('waits for the open chat before looking', () => {
    const reread = vi.fn(async () => undefined);
    const { rerender } = renderHook((props) => useFreshOpenChat(props), {
      initialProps: {
        conversation: undefined as OpenedConversation | undefined,
        list: listed(20),
        reread,
      },
    });
    expect(reread).not.toHaveBeenCalled();
    rerender({ conversation: opened(10), list: listed(20), reread });
    expect(reread).toHaveBeenCalledWith('c1');
  });
});
