/**
 * Whether the transcript follows the latest words. It follows until the person scrolls up,
 * and again once they are back at the bottom (or ask to jump there). Written here rather than
 * taken from a library: the rule is a few comparisons, and the chat needs it to tell the
 * person's scrolling from the browser's (content growing, or shrinking and clamping).
 */

/** What a scroll container reports (an element's own fields). */
export interface ScrollMetrics {
  scrollTop: number;
  scrollHeight: number;
  clientHeight: number;
}

export interface FollowState {
  following: boolean;
  /** scrollTop at the last scroll event, to tell up from down. */
  lastTop: number;
}

/** Closer than this to the bottom counts as at the bottom when scrolling down. */
export const NEAR_BOTTOM_PX = 32;

export const INITIAL_FOLLOW: FollowState = { following: true, lastTop: 0 };

export function distanceFromBottom(metrics: ScrollMetrics): number {
  return Math.max(0, metrics.scrollHeight - metrics.clientHeight - metrics.scrollTop);
}

/**
 * After a scroll event: at the very bottom it follows (content shrinking clamps the scroll
 * there too); moving up stops following; moving down near the bottom follows again.
 */
export function followAfterScroll(state: FollowState, metrics: ScrollMetrics): FollowState {
  const distance = distanceFromBottom(metrics);
  const lastTop = metrics.scrollTop;
  if (distance <= 1) return { following: true, lastTop };
  if (metrics.scrollTop < state.lastTop) return { following: false, lastTop };
  if (distance <= NEAR_BOTTOM_PX) return { following: true, lastTop };
  return { following: state.following, lastTop };
}

/**
 * A wheel turned upwards stops following at once, before the scroll it causes lands (the next
 * words could pull the view back down first); at the top there is nowhere to go.
 */
export function followAfterWheel(
  state: FollowState,
  deltaY: number,
  metrics: ScrollMetrics,
): FollowState {
  return deltaY < 0 && metrics.scrollTop > 0 ? { ...state, following: false } : state;
}

/** "Jump to latest" shows when the view does not follow and there is more below. */
export function showsJumpToLatest(state: FollowState, metrics: ScrollMetrics): boolean {
  return !state.following && distanceFromBottom(metrics) > NEAR_BOTTOM_PX;
}
