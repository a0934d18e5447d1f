/**
 * The frames an MCP App lives in, outside React's hands: the sandbox proxy page (an extension
 * sandbox page, opaque origin) that holds the app's own frame. React renders an empty box; the
 * frame is put in it once and never re-rendered, so it survives the transcript re-rendering.
 * When its card goes, the frame is moved (state kept, `Node.moveBefore`) to a hidden holder,
 * told to tear down, and removed once it answered or after a short wait: the spec's "teardown
 * before removal", whatever took the card away.
 */

/** How long an app may take to tear down before its frame is removed anyway. */
export const TEARDOWN_TIMEOUT_MS = 2_000;
/** What the proxy frame may do (the page's own policy says the same). */
const PROXY_SANDBOX = 'allow-scripts allow-forms';

export function createSandboxFrame(doc: Document, src: string, title: string): HTMLIFrameElement {
  const frame = doc.createElement('iframe');
  frame.className = 'app-frame';
  frame.setAttribute('sandbox', PROXY_SANDBOX);
  frame.setAttribute('title', title);
  // Nothing of the panel's address goes to the app, and no device permissions.
  frame.setAttribute('referrerpolicy', 'no-referrer');
  frame.setAttribute('allow', '');
  frame.src = src;
  return frame;
}

type MovableParent = ParentNode & { moveBefore?(node: Node, child: Node | null): void };

function holderOf(doc: Document): MovableParent {
  const existing = doc.querySelector<HTMLElement>('[data-retiring-apps]');
  if (existing) return existing;
  const holder = doc.createElement('div');
  holder.dataset.retiringApps = '';
  holder.setAttribute('aria-hidden', 'true');
  holder.style.cssText =
    'position:fixed;left:-10000px;top:0;width:1px;height:1px;overflow:hidden;visibility:hidden';
  doc.body.append(holder);
  return holder;
}

/**
 * Takes the frame out of its card but keeps it running until `teardown` settles (at most
 * {@link TEARDOWN_TIMEOUT_MS}), then removes it. Without `moveBefore` (Chrome before 133) the
 * frame cannot move without reloading: the app is told, and goes with its card.
 */
export async function retireFrame(
  frame: HTMLIFrameElement,
  teardown: () => Promise<unknown>,
  timeoutMs = TEARDOWN_TIMEOUT_MS,
): Promise<void> {
  const doc = frame.ownerDocument;
  const holder = holderOf(doc);
  let kept = false;
  if (frame.isConnected && typeof holder.moveBefore === 'function') {
    try {
      holder.moveBefore(frame, null);
      kept = true;
    } catch {
      kept = false;
    }
  }
  let timer: ReturnType<typeof setTimeout> | undefined;
  const waited = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, kept ? timeoutMs : 0);
  });
  await Promise.race([teardown().catch(() => undefined), waited]);
  clearTimeout(timer);
  frame.remove();
}
