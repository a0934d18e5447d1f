// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChatHistorySettings } from '../../../../components/history/ChatHistorySettings';
import { retentionCutoff, retentionSchema } from '../../../../src/chat/retention';

afterEach(cleanup);

describe('chat history settings', () => {
  it('deletes all chats only after the person confirms', () => {
    const onDeleteAll = vi.fn();
    render(
      <ChatHistorySettings
        keepDays={undefined}
        chatCount={3}
        onKeepDays={() => undefined}
        onDeleteAll={onDeleteAll}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Delete all chats…' }));
    screen.getByText('Delete all 3 chats? This cannot be undone.');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onDeleteAll).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Delete all chats…' }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete all' }));
    expect(onDeleteAll).toHaveBeenCalledTimes(1);
  });

  it('offers keeping chats forever (the default) or for a number of days', () => {
    const onKeepDays = vi.fn();
    render(
      <ChatHistorySettings
        keepDays={undefined}
        chatCount={0}
        onKeepDays={onKeepDays}
        onDeleteAll={() => undefined}
      />,
    );
    const select = screen.getByRole('combobox', { name: 'Keep chats' }) as HTMLSelectElement;
    expect(select.selectedOptions[0]?.textContent).toBe('Forever');
    expect(screen.getByRole('button', { name: 'Delete all chats…' })).toHaveProperty(
      'disabled',
      true,
    );
    fireEvent.change(select, { target: { value: '30' } });
    expect(onKeepDays).toHaveBeenLastCalledWith(30);
    fireEvent.change(select, { target: { value: '' } });
    expect(onKeepDays).toHaveBeenLastCalledWith(undefined);
  });

  it('computes the cutoff from days, and stores forever as null or nothing', () => {
    expect(retentionCutoff(undefined, 1_000_000_000)).toBeUndefined();
    expect(retentionCutoff(2, 1_000_000_000)).toBe(1_000_000_000 - 2 * 86_400_000);
    expect(retentionSchema.safeParse(null).success).toBe(true);
    expect(retentionSchema.safeParse(0).success).toBe(false);
  });
});
