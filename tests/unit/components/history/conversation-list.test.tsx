// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConversationList } from '../../../../components/history/ConversationList';

afterEach(cleanup);

const now = new Date(2026, 11, 6, 15).getTime();
const hoursAgo = (hours: number) => now - hours * 60 * 60 * 1000;

function list() {
  const props = {
    conversations: [
      { id: 'a', title: 'Standup notes', createdAt: 1, updatedAt: hoursAgo(1) },
      { id: 'b', title: 'Trip plan', createdAt: 1, updatedAt: hoursAgo(15 + 24 * 3) },
    ],
    currentId: 'a',
    onOpen: vi.fn(),
    onRename: vi.fn(),
    onDelete: vi.fn(),
    onExport: vi.fn(),
    now,
  };
  render(<ConversationList {...props} />);
  return props;
}

describe('the chat list', () => {
  it('groups chats by day, each under its heading', () => {
    list();
    const today = screen.getByRole('list', { name: 'Today' });
    expect(within(today).getByRole('button', { name: 'Standup notes' })).toBeTruthy();
    const week = screen.getByRole('list', { name: 'Previous 7 days' });
    expect(within(week).getByRole('button', { name: 'Trip plan' })).toBeTruthy();
  });

  it('offers each chat’s export in its row menu', () => {
    const props = list();
    fireEvent.click(screen.getByRole('button', { name: 'Actions for Trip plan' }));
    const menu = screen.getByRole('menu', { name: 'Actions for Trip plan' });
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Rename', 'Export as Markdown', 'Export as JSON', 'Delete']);
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Export as Markdown' }));
    expect(props.onExport).toHaveBeenCalledWith('b', 'markdown');
    fireEvent.click(screen.getByRole('button', { name: 'Actions for Standup notes' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Export as JSON' }));
    expect(props.onExport).toHaveBeenLastCalledWith('a', 'json');
  });

  it('keeps each row’s actions in a menu: Rename and Delete', () => {
    const props = list();
    expect(screen.queryByRole('menuitem')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Actions for Trip plan' }));
    const menu = screen.getByRole('menu', { name: 'Actions for Trip plan' });
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Delete' }));
    expect(props.onDelete).toHaveBeenCalledWith('b');
    expect(screen.queryByRole('menu')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Actions for Standup notes' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Rename' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Chat title' }), {
      target: { value: 'Daily' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(props.onRename).toHaveBeenCalledWith('a', 'Daily');
  });

  it('closes the menu on Escape, focus back on its button', () => {
    list();
    const button = screen.getByRole('button', { name: 'Actions for Trip plan' });
    fireEvent.click(button);
    fireEvent.keyDown(screen.getByRole('menu'), { key: 'Escape' });
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(button);
  });
});
