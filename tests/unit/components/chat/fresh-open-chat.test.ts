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
    const open = vi.fn(async () => true);
    const { rerender } = renderHook((props) => useFreshOpenChat(props), {
      initialProps: { conversation: opened(10), list: listed(20), open },
    });
    expect(open).toHaveBeenCalledExactlyOnceWith('c1');
    rerender({ conversation: opened(10), list: listed(30), open });
    expect(open).toHaveBeenCalledOnce();
  });

  it('leaves a chat as history holds it, and a new chat not saved yet', () => {
    const open = vi.fn(async () => true);
    renderHook(() => useFreshOpenChat({ conversation: opened(20), list: listed(20), open }));
    renderHook(() =>
      useFreshOpenChat({
        conversation: { ...opened(5), id: 'new' },
        list: listed(20),
        open,
      }),
    );
    expect(open).not.toHaveBeenCalled();
  });

  it('waits for the open chat before looking', () => {
    const open = vi.fn(async () => true);
    const { rerender } = renderHook((props) => useFreshOpenChat(props), {
      initialProps: {
        conversation: undefined as OpenedConversation | undefined,
        list: listed(20),
        open,
      },
    });
    expect(open).not.toHaveBeenCalled();
    rerender({ conversation: opened(10), list: listed(20), open });
    expect(open).toHaveBeenCalledWith('c1');
  });
});
