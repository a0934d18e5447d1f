import type { ReactNode } from 'react';
import type { ScrollFollow } from './use-scroll-follow';

export interface ChatTranscriptProps {
  /** Following the latest words, and "Jump to latest" when the person scrolled up. */
  follow: ScrollFollow;
  children: ReactNode;
}

/**
 * The conversation's scrolling area, between the chat's header and its composer. Following
 * the latest words is the caller's (use-scroll-follow.ts); this draws the area and the button.
 */
export function ChatTranscript({ follow, children }: ChatTranscriptProps) {
  const { scrollerRef, contentRef, onScroll, onWheel, onPointerDown, showJump, jumpToLatest } =
    follow;
  return (
    <div className="transcript-frame">
      {/* Focusable, so the conversation scrolls from the keyboard too. */}
      <div
        className="transcript"
        role="region"
        aria-label="Conversation"
        tabIndex={0}
        ref={scrollerRef}
        onScroll={onScroll}
        onWheel={onWheel}
        onPointerDownCapture={onPointerDown}
      >
        <div className="transcript-content" ref={contentRef}>
          {children}
        </div>
      </div>
      {showJump ? (
        <button type="button" className="jump-to-latest" onClick={jumpToLatest}>
          Jump to latest <span aria-hidden="true">↓</span>
        </button>
      ) : null}
    </div>
  );
}
