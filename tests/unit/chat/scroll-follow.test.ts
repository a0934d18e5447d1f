import { describe, expect, it } from 'vitest';
import {
  INITIAL_FOLLOW,
  NEAR_BOTTOM_PX,
  distanceFromBottom,
  followAfterScroll,
  followAfterWheel,
  showsJumpToLatest,
  type FollowState,
} from '../../../src/chat/scroll-follow';

/** A 500 px view on 2,000 px of content, scrolled to `scrollTop`. */
const at = (scrollTop: number, scrollHeight = 2000) => ({
  scrollTop,
  scrollHeight,
  clientHeight: 500,
});
const BOTTOM = 1500;

describe('following the latest words', () => {
  it('measures the distance to the end, never below zero', () => {
    expect(distanceFromBottom(at(BOTTOM))).toBe(0);
    expect(distanceFromBottom(at(1200))).toBe(300);
    expect(distanceFromBottom(at(1600))).toBe(0);
  });

  it('stops following when the person scrolls up, even a little', () => {
    const atBottom = followAfterScroll(INITIAL_FOLLOW, at(BOTTOM));
    expect(atBottom.following).toBe(true);
    const up = followAfterScroll(atBottom, at(BOTTOM - 10));
    expect(up).toEqual({ following: false, lastTop: BOTTOM - 10 });
  });

  it('keeps following when the content grows under a view at the bottom', () => {
    const atBottom = followAfterScroll(INITIAL_FOLLOW, at(BOTTOM));
    // Growth fires no scroll event; the follow-up scroll to the new end goes down.
    expect(followAfterScroll(atBottom, at(2500 - 500, 2500)).following).toBe(true);
  });

  it('keeps following when shrinking content clamps the scroll to the new end', () => {
    const atBottom = followAfterScroll(INITIAL_FOLLOW, at(BOTTOM));
    expect(followAfterScroll(atBottom, at(1400, 1900)).following).toBe(true);
  });

  it('follows again once the person scrolls back down near the end', () => {
    const away: FollowState = { following: false, lastTop: 800 };
    expect(followAfterScroll(away, at(1000)).following).toBe(false);
    expect(followAfterScroll(away, at(BOTTOM - NEAR_BOTTOM_PX)).following).toBe(true);
    // Up, even near the end, is away from it.
    const near: FollowState = { following: true, lastTop: BOTTOM - 5 };
    expect(followAfterScroll(near, at(BOTTOM - 20)).following).toBe(false);
  });

  it('stops at a wheel turned up, unless there is nothing above', () => {
    expect(followAfterWheel(INITIAL_FOLLOW, -100, at(BOTTOM)).following).toBe(false);
    expect(followAfterWheel(INITIAL_FOLLOW, 100, at(BOTTOM)).following).toBe(true);
    expect(followAfterWheel(INITIAL_FOLLOW, -100, at(0, 400)).following).toBe(true);
  });

  it('offers Jump to latest only when not following with more below', () => {
    expect(showsJumpToLatest({ following: false, lastTop: 0 }, at(1000))).toBe(true);
    expect(showsJumpToLatest({ following: true, lastTop: 0 }, at(1000))).toBe(false);
    expect(showsJumpToLatest({ following: false, lastTop: 0 }, at(BOTTOM - 10))).toBe(false);
  });
});
