// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSandboxFrame, retireFrame } from '../../../src/apps/app-frame';

type Movable = { moveBefore?: (node: Node, child: Node | null) => void };
const prototype = HTMLElement.prototype as unknown as Movable;

afterEach(() => {
  delete prototype.moveBefore;
  document.body.replaceChildren();
});

function mounted() {
  const card = document.createElement('div');
  const frame = createSandboxFrame(document, '', 'Chart (Charts)');
  card.append(frame);
  document.body.append(card);
  return { card, frame };
}

describe('the sandbox frame', () => {
  it('is sandboxed to scripts and forms, with no referrer and no permissions', () => {
    const { frame } = mounted();
    expect(frame.getAttribute('sandbox')).toBe('allow-scripts allow-forms');
    expect(frame.getAttribute('referrerpolicy')).toBe('no-referrer');
    expect(frame.getAttribute('allow')).toBe('');
    expect(frame.title).toBe('Chart (Charts)');
  });
});

describe('retiring an app’s frame', () => {
  it('keeps it running aside until the app answered its teardown, then removes it', async () => {
    prototype.moveBefore = function (this: HTMLElement, node, child) {
      this.insertBefore(node, child);
    };
    const { card, frame } = mounted();
    let answer: () => void = () => undefined;
    const teardown = vi.fn(() => new Promise<void>((resolve) => (answer = resolve)));
    const retired = retireFrame(frame, teardown);
    expect(card.contains(frame)).toBe(false);
    const holder = document.querySelector('[data-retiring-apps]');
    expect(holder?.contains(frame)).toBe(true);
    expect(holder?.getAttribute('aria-hidden')).toBe('true');
    answer();
    await retired;
    expect(teardown).toHaveBeenCalledTimes(1);
    expect(frame.isConnected).toBe(false);
  });

  it('removes it after the grace time when the app never answers', async () => {
    prototype.moveBefore = function (this: HTMLElement, node, child) {
      this.insertBefore(node, child);
    };
    const { frame } = mounted();
    await retireFrame(frame, () => new Promise(() => undefined), 10);
    expect(frame.isConnected).toBe(false);
  });

  it('without moveBefore, tells the app and lets it go at once', async () => {
    const { frame } = mounted();
    const teardown = vi.fn(() => new Promise(() => undefined));
    await retireFrame(frame, teardown, 60_000);
    expect(teardown).toHaveBeenCalledTimes(1);
    expect(frame.isConnected).toBe(false);
  });
});
