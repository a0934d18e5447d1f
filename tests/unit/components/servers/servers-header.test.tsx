// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ServersHeader } from '../../../../components/servers/ServersHeader';

afterEach(cleanup);

function header(options: { listShown?: boolean; canExport?: boolean } = {}) {
  const props = {
    listShown: options.listShown ?? true,
    canExport: options.canExport ?? true,
    enabledToolCount: 3,
    maxTools: 128,
    onImport: vi.fn(),
    onBrowse: vi.fn(),
    onExport: vi.fn(),
    onAdd: vi.fn(),
  };
  render(<ServersHeader {...props} />);
  return props;
}

describe('the Servers view’s header', () => {
  it('shows Browse and Add server, and keeps Import and Export in the “⋯” menu', () => {
    header();
    const buttons = screen.getAllByRole('button').map((button) => button.textContent);
    expect(buttons).toEqual(['Browse', 'Add server', '⋯']);
    fireEvent.click(screen.getByRole('button', { name: 'More server actions' }));
    const items = screen.getAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual(['Import servers', 'Export servers']);
    expect(document.activeElement).toBe(items[0]);
    fireEvent.keyDown(items[0]!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(items[1]);
  });

  it.each([
    ['Import servers', 'onImport'],
    ['Export servers', 'onExport'],
  ] as const)('“%s” calls %s and closes the menu', (label, handler) => {
    const props = header();
    fireEvent.click(screen.getByRole('button', { name: 'More server actions' }));
    fireEvent.click(screen.getByRole('menuitem', { name: label }));
    expect(props[handler]).toHaveBeenCalledOnce();
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('shows Export without a custom server, unchosen, and the arrows pass over it', () => {
    const props = header({ canExport: false });
    fireEvent.click(screen.getByRole('button', { name: 'More server actions' }));
    const exportItem = screen.getByRole('menuitem', { name: 'Export servers' });
    expect((exportItem as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(exportItem);
    expect(props.onExport).not.toHaveBeenCalled();
    const importItem = screen.getByRole('menuitem', { name: 'Import servers' });
    fireEvent.keyDown(importItem, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(importItem);
  });

  it('offers none of its actions while a form is open', () => {
    header({ listShown: false });
    for (const button of screen.getAllByRole('button'))
      expect((button as HTMLButtonElement).disabled).toBe(true);
  });
});
