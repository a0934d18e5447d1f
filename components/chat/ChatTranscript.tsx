import type { ReactNode, RefObject, WheelEvent } from 'react';

export interface ChatTranscriptProps {
  scrollerRef: RefObject<HTMLDivElement | null>;
  contentRef: RefObject<HTMLDivElement | null>;
  onScroll(): void;
  onWheel(event: WheelEvent<HTMLElement>): void;
  /** Offer "Jump to latest" (the person scrolled up while there is more below). */
  showJump: boolean;
  onJump(): void;
  children: ReactNode;
}

/**
 * The conversation's scrolling area, between the chat's header and its composer. Following
 * the latest words is the caller's (use-scroll-follow.ts); this draws the area and the button.
 */
export function ChatTranscript({
  scrollerRef,
  contentRef,
  onScroll,
  onWheel,
  showJump,
  onJump,
  children,
}: ChatTranscriptProps) {
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
      >
        <div className="transcript-content" ref={contentRef}>
          {children}
        </div>
      </div>
      {showJump ? (
        <button type="button" className="jump-to-latest" onClick={onJump}>
          Jump to latest <span aria-hidden="true">↓</span>
        </button>
      ) : null}
    </div>
  );
}
