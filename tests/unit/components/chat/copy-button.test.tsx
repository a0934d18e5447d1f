// @vitest-environment happy-dom
/**
 * The Copy buttons (an answer's, a tool result's, a code block's): say "Copied" for a moment once the clipboard took the text, and leaves no
 * timer behind when they go before that moment ends (a timer setting the state of a button no
 * longer there outlived its page in a test run).
 */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CopyButton } from '../../../../components/chat/CopyButton';
import { Markdown } from '../../../../components/chat/Markdown';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** Clicks Copy with a clipboard that takes the text, and lets its answer through. */
async function copy(writeText = vi.fn(async () => undefined)) {
  vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
  fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
  await act(async () => undefined);
  return writeText;
}

describe('the Copy button', () => {
  it('copies its text and says Copied for 1.5 s', async () => {
    vi.useFakeTimers();
    render(<CopyButton text="the answer" />);
    const writeText = await copy();
    expect(writeText).toHaveBeenCalledWith('the answer');
    expect(screen.getByRole('button').textContent).toBe('Copied');
    act(() => vi.advanceTimersByTime(1499));
    expect(screen.getByRole('button').textContent).toBe('Copied');
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('button').textContent).toBe('Copy');
  });

  it('leaves no timer behind when it goes while saying Copied', async () => {
    vi.useFakeTimers();
    const { unmount } = render(<CopyButton text="the answer" />);
    await copy();
    expect(screen.getByRole('button').textContent).toBe('Copied');
    expect(vi.getTimerCount()).toBe(1);
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('says nothing where the clipboard refuses', async () => {
    render(<CopyButton text="the answer" />);
    await copy(vi.fn(async () => Promise.reject(new Error('denied'))));
    expect(screen.getByRole('button').textContent).toBe('Copy');
  });
});

describe('a code block’s Copy', () => {
  it('copies the code, says Copied, and leaves no timer behind when the answer goes', async () => {
    vi.useFakeTimers();
    const { unmount } = render(<Markdown text={'```\nnpm test\n```'} />);
    const writeText = await copy();
    expect(writeText).toHaveBeenCalledWith('npm test\n');
    expect(screen.getByRole('button').textContent).toBe('Copied');
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});
