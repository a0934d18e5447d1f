import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type PointerEvent,
  type RefObject,
  type WheelEvent,
} from 'react';
import {
  INITIAL_FOLLOW,
  followAfterScroll,
  followAfterWheel,
  showsJumpToLatest,
  type FollowState,
} from '../../src/chat/scroll-follow';

export interface ScrollFollow {
  /** The scrolling element (the transcript). */
  scrollerRef: RefObject<HTMLDivElement | null>;
  /** Its content, watched for growth (words streaming in, images and Markdown arriving). */
  contentRef: RefObject<HTMLDivElement | null>;
  onScroll(): void;
  onWheel(event: WheelEvent<HTMLElement>): void;
  /** A press in the transcript (before its children see it): a click may be under way. */
  onPointerDown(event: PointerEvent<HTMLElement>): void;
  /** Whether to offer "Jump to latest". */
  showJump: boolean;
  /** Goes to the latest words and follows them again (Jump to latest, a message sent). */
  jumpToLatest(): void;
}

/** How far a pressed pointer moves before the press is a drag rather than a click. */
const DRAG_PX = 4;

/** Keeps the transcript on the latest words unless the person scrolled up (scroll-follow.ts). */
export function useScrollFollow(): ScrollFollow {
  const scrollerRef = useRef<HTMLDivElement>(null);
  const contentRef = useRef<HTMLDivElement>(null);
  const state = useRef<FollowState>(INITIAL_FOLLOW);
  const [showJump, setShowJump] = useState(false);
  /**
   * Where a press on the transcript's content began, while it has not moved: a click under way.
   * Pressing a button focuses it, and Chrome may scroll the transcript for that focus before the
   * button is released. That scroll is not the person scrolling up: read as theirs, it showed
   * "Jump to latest" under the pointer, the release landed on it, and the button never got its
   * click (an approval's Deny, in the MCP Apps e2e test under load).
   */
  const press = useRef<{ x: number; y: number } | undefined>(undefined);

  const jumpToLatest = useCallback(() => {
    const scroller = scrollerRef.current;
    if (!scroller) return;
    scroller.scrollTop = scroller.scrollHeight;
    state.current = { following: true, lastTop: scroller.scrollTop };
    setShowJump(false);
  }, []);

  useLayoutEffect(() => {
    const scroller = scrollerRef.current;
    const content = contentRef.current;
    if (!scroller || !content) return;
    // Content growing fires no scroll event; its size does change.
    const observer = new ResizeObserver(() => {
      if (state.current.following) jumpToLatest();
      else setShowJump(showsJumpToLatest(state.current, scroller));
    });
    observer.observe(scroller);
    observer.observe(content);
    return () => observer.disconnect();
  }, [jumpToLatest]);

  // A press ends on release or cancel, and turns into a drag (selecting text, which may scroll)
  // once the pointer moves.
  useEffect(() => {
    const end = () => (press.current = undefined);
    const moved = (event: globalThis.PointerEvent) => {
      const start = press.current;
      if (start && Math.hypot(event.clientX - start.x, event.clientY - start.y) > DRAG_PX) end();
    };
    window.addEventListener('pointerup', end, true);
    window.addEventListener('pointercancel', end, true);
    window.addEventListener('pointermove', moved, true);
    return () => {
      window.removeEventListener('pointerup', end, true);
      window.removeEventListener('pointercancel', end, true);
      window.removeEventListener('pointermove', moved, true);
    };
  }, []);

  const onPointerDown = useCallback((event: PointerEvent<HTMLElement>) => {
    // On the scroller itself, a press is on its scroll bar: scrolling, the person's own.
    press.current =
      event.target === scrollerRef.current ? undefined : { x: event.clientX, y: event.clientY };
  }, []);

  const onScroll = useCallback(() => {
    const scroller = scrollerRef.current;
    if (!scroller) return;
    if (press.current) {
      // The browser's scroll during a click: following stays as it was, nothing is offered.
      state.current = { ...state.current, lastTop: scroller.scrollTop };
      return;
    }
    state.current = followAfterScroll(state.current, scroller);
    setShowJump(showsJumpToLatest(state.current, scroller));
  }, []);

  const onWheel = useCallback((event: WheelEvent<HTMLElement>) => {
    const scroller = scrollerRef.current;
    if (!scroller) return;
    state.current = followAfterWheel(state.current, event.deltaY, scroller);
  }, []);

  return { scrollerRef, contentRef, onScroll, onWheel, onPointerDown, showJump, jumpToLatest };
}
