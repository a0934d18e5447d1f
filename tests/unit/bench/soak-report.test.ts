import { describe, expect, it } from 'vitest';
import { goalsOf } from '../../../bench/soak/report';
import type { Sample } from '../../../bench/soak/metrics';
import { newTally } from '../../../bench/soak/activity';

/** A soak's samples, 10 s apart, with these panel listener counts. */
const samples = (listeners: number[]): Sample[] =>
  listeners.map((panelListeners, index) => ({
    at: index * 10,
    panelListeners,
    sockets: 24,
    alarms: 2,
    indexedDbMb: 0.2,
  }));

const listenersGoal = (listeners: number[]) =>
  goalsOf(samples(listeners), newTally(), [], 3).find(
    (goal) => goal.goal === 'panel event listeners: flat',
  );

describe('the soak’s flat counts', () => {
  it('pass a count read high once, at the end (a render’s passing listeners)', () => {
    const run = [182, 197, 201, 197, 189, 189, 185, 197, 197, 193, 189, 185, 185, 201, 220, 189];
    expect(listenersGoal([...run, 185, 201, 253])).toMatchObject({ met: true, gating: true });
  });

  it('fail a count that rises and stays up (a leak)', () => {
    const run = [182, 197, 201, 197, 189, 189, 185, 197, 197, 193, 189, 185, 205, 215, 230, 240];
    expect(listenersGoal([...run, 248, 253, 260])).toMatchObject({
      met: false,
      figure: '189 → 253',
    });
  });
});
