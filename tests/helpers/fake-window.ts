/**
 * A stand-in for a page's window in unit tests of the page-tools scripts: `postMessage` reaches
 * every `message` listener a task later (with a structured clone), as the browser's does, so
 * MCP-B's real `TabServerTransport` can run on it (stub it as the global `window`).
 */
type Listener = (event: { data: unknown; origin: string; source: unknown }) => void;

/** A window whose postMessage reaches every listener a task later, as the browser's does. */
export function fakeWindow() {
  /** `message` listeners; the others by type. */
  const listeners = new Set<Listener>();
  const others = new Map<string, Set<(event: unknown) => void>>();
  const posted: unknown[] = [];
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
      posted.push(data);
      const copy = structuredClone(data);
      setTimeout(() => {
        for (const listener of [...listeners])
          listener({ data: copy, origin: win.location.origin, source: win });
      });
    },
  };
  return { win, posted, listeners };
}
