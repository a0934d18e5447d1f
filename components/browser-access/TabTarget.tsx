import type { TabTargetView } from '../../src/messaging/browser-access-contract';

/** Characters of a page title shown; the rest is cut with an ellipsis. */
export const MAX_TITLE_SHOWN = 80;
/** Characters of a URL's path (and query) shown after its origin. */
export const MAX_PATH_SHOWN = 120;

/** Characters that hide or reorder text: controls, zero-width marks, direction overrides. */
// eslint-disable-next-line no-control-regex -- control characters are what this removes
const HIDING = /[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/g;

const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max)}…` : text);

/** A page's title as a card may show it: on one line, nothing hidden, cut short. */
export function shownTitle(title: string): string {
  return cut(title.replace(HIDING, ' ').replace(/\s+/g, ' ').trim(), MAX_TITLE_SHOWN);
}

/** A URL as origin (in full: it is what the call is pinned to) and the rest (cut short). */
export function urlParts(url: string): { origin: string; rest: string } {
  try {
    const parsed = new URL(url);
    if (parsed.origin === 'null') return { origin: cut(url, MAX_PATH_SHOWN), rest: '' };
    return {
      origin: parsed.origin,
      rest: cut(`${parsed.pathname}${parsed.search}${parsed.hash}`, MAX_PATH_SHOWN),
    };
  } catch {
    return { origin: cut(url, MAX_PATH_SHOWN) || '(no address)', rest: '' };
  }
}

/**
 * The tab a browser tool call acts on, on its approval card: the URL first (its origin in
 * bold), then the page's title, marked as the page's own words, since any page can title
 * itself "Your bank" or "Patchbay".
 */
export function TabTargetLine({ target }: { target: TabTargetView }) {
  const { origin, rest } = urlParts(target.url);
  const title = shownTitle(target.title);
  return (
    <div className="approval-target" data-tab-id={target.tabId}>
      <p>
        On tab {target.tabId}: <strong className="approval-origin">{origin}</strong>
        {rest ? <span className="approval-path">{rest}</span> : null}
      </p>
      {title ? (
        <p className="muted approval-page-title">Its title, in the page’s own words: “{title}”</p>
      ) : null}
    </div>
  );
}

/** The chat's card while it learns which tab its call acts on, and what it learned. */
export type TabTargetState =
  | { status: 'finding' }
  | { status: 'found'; target: TabTargetView }
  /** The call names no tab that is there (none active, no such tab): it will fail. */
  | { status: 'missing'; reason: string }
  | { status: 'failed'; message: string };

export function TabTargetStatus({ state }: { state: TabTargetState }) {
  switch (state.status) {
    case 'finding':
      return <p className="approval-target muted">Finding the tab this call acts on…</p>;
    case 'found':
      return <TabTargetLine target={state.target} />;
    case 'missing':
      return <p className="approval-target">On no tab: {state.reason}</p>;
    case 'failed':
      return (
        <p className="approval-target approval-changed">
          Patchbay could not tell which tab this call acts on ({state.message}).
        </p>
      );
  }
}
