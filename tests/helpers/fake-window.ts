/**
 * A stand-in for a page's window in unit tests of the page-tools scripts: `postMessage` reaches
 * every `message` listener a task later (with a structured clone), as the browser's does, so
 * MCP-B's real `TabServerTransport` can run on it (stub it as the global `window`).
 *
 * A test's windows must close with it ({@link closeFakeWindows}, before the global `window` is
 * unstubbed): a message still on its way would otherwise reach a transport a task later, in the
 * next test (files share a worker, `isolate: false`), where `window` is gone or another's.
 */
type Listener = (event: { data: unknown; origin: string; source: unknown }) => void;

/** Windows not closed yet, with what closes each. */
const open = new Set<() => void>();

/** A window whose postMessage reaches every listener a task later, as the browser's does. */
export function fakeWindow() {
  /** `message` listeners; the others by type. */
  const listeners = new Set<Listener>();
  const others = new Map<string, Set<(event: unknown) => void>>();
  const posted: unknown[] = [];
  /** Deliveries not made yet: a closed window drops them, as a closed page does. */
  const pending = new Set<ReturnType<typeof setTimeout>>();
  let closed = false;
  const close = () => {
    closed = true;
    for (const timer of pending) clearTimeout(timer);
    pending.clear();
    listeners.clear();
    others.clear();
    open.delete(close);
  };
  open.add(close);
  const win = {
    location: { origin: 'https://shop.example' },
    addEventListener(type: string, listener: Listener) {
      if (type === 'message') listeners.add(listener);
      else others.set(type, (others.get(type) ?? new Set()).add(listener as never));
    },
    removeEventListener: (_type: string, listener: Listener) => listeners.delete(listener),
    dispatch(type: string, event: unknown) {
      for (const listener of others.get(type) ?? []) listener(event);
    },
    postMessage(data: unknown) {
      if (closed) return;
      posted.push(data);
      const copy = structuredClone(data);
      const timer = setTimeout(() => {
        pending.delete(timer);
        for (const listener of [...listeners])
          listener({ data: copy, origin: win.location.origin, source: win });
      });
      pending.add(timer);
    },
  };
  return { win, posted, listeners, close };
}

/** Closes every fake window still open: nothing posted in a test reaches the next one. */
export function closeFakeWindows(): void {
  for (const close of [...open]) close();
}
