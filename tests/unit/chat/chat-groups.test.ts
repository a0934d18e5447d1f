import { describe, expect, it } from 'vitest';
import { groupByDay } from '../../../src/chat/chat-groups';

/** A local time `days` calendar days before `now`'s day, at `hour` (any time zone). */
function daysBefore(now: Date, days: number, hour: number): number {
  return new Date(now.getFullYear(), now.getMonth(), now.getDate() - days, hour).getTime();
}

describe('the chat list grouped by day', () => {
  const now = new Date(2026, 11, 6, 9, 30);

  it('puts each chat under Today, Yesterday, the last 7 or 30 days, or its month, newest first', () => {
    const chats = [
      { id: 'old', updatedAt: daysBefore(now, 60, 12) },
      { id: 'yesterday-late', updatedAt: daysBefore(now, 1, 23) },
      { id: 'today', updatedAt: daysBefore(now, 0, 0) },
      { id: 'week', updatedAt: daysBefore(now, 7, 8) },
      { id: 'month', updatedAt: daysBefore(now, 8, 8) },
      { id: 'today-later', updatedAt: daysBefore(now, 0, 9) },
    ];
    const month = new Date(daysBefore(now, 60, 12)).toLocaleDateString(undefined, {
      month: 'long',
      year: 'numeric',
    });
    expect(
      groupByDay(chats, now.getTime()).map(({ label, chats: grouped }) => [
        label,
        grouped.map(({ id }) => id),
      ]),
    ).toEqual([
      ['Today', ['today-later', 'today']],
      ['Yesterday', ['yesterday-late']],
      ['Previous 7 days', ['week']],
      ['Previous 30 days', ['month']],
      [month, ['old']],
    ]);
  });

  it('is empty without chats', () => {
    expect(groupByDay([], now.getTime())).toEqual([]);
  });
});
