// @vitest-environment happy-dom
/**
 * The transcript's following in the panel (use-scroll-follow.ts with ChatTranscript): a scroll up
 * by the person stops it and offers "Jump to latest"; a scroll the browser makes while a click is
 * under way in the transcript (focusing the pressed button can scroll it) changes nothing, so no
 * button appears under the pointer before the release; a press that drags, or one on the scroll
 * bar, is the person's scrolling again.
 */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ChatTranscript } from '../../../../components/chat/ChatTranscript';
import { useScrollFollow } from '../../../../components/chat/use-scroll-follow';

afterEach(cleanup);

function Transcript() {
  const follow = useScrollFollow();
  return (
    <ChatTranscript follow={follow}>
      <button type="button">Deny</button>
    </ChatTranscript>
  );
}

/** A transcript 1,000 px tall in a 400 px view, scrolled to its end. */
function setUp() {
  render(<Transcript />);
  const scroller = screen.getByRole('region', { name: 'Conversation' });
  Object.defineProperty(scroller, 'scrollHeight', { configurable: true, value: 1_000 });
  Object.defineProperty(scroller, 'clientHeight', { configurable: true, value: 400 });
  const scrollTo = (top: number) =>
    act(() => {
      scroller.scrollTop = top;
      fireEvent.scroll(scroller);
    });
  scrollTo(600);
  return { scroller, deny: screen.getByRole('button', { name: 'Deny' }), scrollTo };
}

const jump = () => screen.queryByRole('button', { name: /Jump to latest/ });

describe('following the transcript', () => {
  it('stops when the person scrolls up, and offers Jump to latest', () => {
    const { scrollTo } = setUp();
    expect(jump()).toBeNull();
    scrollTo(430);
    expect(jump()).not.toBeNull();
  });

  it('is not stopped by the browser scrolling during a click, so the release lands where it began', () => {
    const { deny, scrollTo } = setUp();
    fireEvent.pointerDown(deny, { clientX: 140, clientY: 620 });
    scrollTo(430);
    expect(jump()).toBeNull();
    fireEvent.pointerUp(window, { clientX: 140, clientY: 620 });
    // After the click, the person scrolling up is theirs again.
    scrollTo(300);
    expect(jump()).not.toBeNull();
  });

  it('takes a press that drags, or one on the scroll bar, as the person scrolling', () => {
    const { deny, scroller, scrollTo } = setUp();
    fireEvent.pointerDown(deny, { clientX: 140, clientY: 620 });
    fireEvent.pointerMove(window, { clientX: 140, clientY: 560 });
    scrollTo(430);
    expect(jump()).not.toBeNull();

    cleanup();
    const again = setUp();
    fireEvent.pointerDown(again.scroller, { clientX: 395, clientY: 300 });
    again.scrollTo(430);
    expect(jump()).not.toBeNull();
    expect(scroller).not.toBe(again.scroller);
  });
});
