/** Which presences are stale: announced by an instance before it said its browser left. */
import { describe, expect, it } from 'vitest';
import { Departures } from '../../src/redis/departures.js';

const info = { id: 'ext-1', name: 'Chromium', user: 'ada' };
const presence = (instance: string, since: number) => ({ ...info, instance, since });

describe('Departures', () => {
  it('holds a presence stale from its instance’s word until the browser arrives again', () => {
    const departures = new Departures(3_000);
    expect(departures.stale(presence('a', 100))).toBe(false);
    departures.heard('left', info, 'a', 1_000);
    expect(departures.stale(presence('a', 100))).toBe(true);
    // Announced since (connected again there), or by another instance: not stale.
    expect(departures.stale(presence('a', 1_000))).toBe(false);
    expect(departures.stale(presence('b', 100))).toBe(false);
    departures.heard('arrived', info, 'b', 1_100);
    expect(departures.stale(presence('a', 100))).toBe(false);
  });

  it('forgets a departure once the presence it made stale has expired', () => {
    const departures = new Departures(3_000);
    departures.heard('left', info, 'a', 1_000);
    departures.heard('left', { ...info, id: 'ext-2' }, 'a', 4_001);
    expect(departures.stale(presence('a', 100))).toBe(false);
    expect(departures.stale({ ...presence('a', 100), id: 'ext-2' })).toBe(true);
  });
});
