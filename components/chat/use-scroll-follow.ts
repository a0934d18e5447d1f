import {
  useCallback,
  useLayoutEffect,
  useRef,
  useState,
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
  /** Whether to offer "Jump to latest". */
  showJump: boolean;
  /** Goes to the latest words and follows them again (Jump to latest, a message sent). */
  jumpToLatest(): void;
}

/** Keeps the transcript on the latest words unless the person scrolled up (scroll-follow.ts). */
export function useScrollFollow(): ScrollFollow {
  const scrollerRef = useRef<HTMLDivElement>(null);
  const contentRef = useRef<HTMLDivElement>(null);
  const state = useRef<FollowState>(INITIAL_FOLLOW);
  const [showJump, setShowJump] = useState(false);

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

  const onScroll = useCallback(() => {
    const scroller = scrollerRef.current;
    if (!scroller) return;
    state.current = followAfterScroll(state.current, scroller);
    setShowJump(showsJumpToLatest(state.current, scroller));
  }, []);

  const onWheel = useCallback((event: WheelEvent<HTMLElement>) => {
    const scroller = scrollerRef.current;
    if (!scroller) return;
    state.current = followAfterWheel(state.current, event.deltaY, scroller);
  }, []);

  return { scrollerRef, contentRef, onScroll, onWheel, showJump, jumpToLatest };
}
