/**
 * The chat list's groups by when each chat was last written to, in the person's own calendar
 * (local days): Today, Yesterday, Previous 7 days, Previous 30 days, then by month. `now` is the
 * one clock the caller reads.
 */
export interface ChatGroup<T> {
  label: string;
  chats: T[];
}

const DAY_MS = 24 * 60 * 60 * 1000;

export function groupByDay<T extends { updatedAt: number }>(
  chats: readonly T[],
  now: number,
): ChatGroup<T>[] {
  const today = startOfDay(now);
  const groups = new Map<string, T[]>();
  for (const chat of [...chats].sort((a, b) => b.updatedAt - a.updatedAt)) {
    const label = labelOf(chat.updatedAt, today);
    groups.set(label, [...(groups.get(label) ?? []), chat]);
  }
  return [...groups].map(([label, grouped]) => ({ label, chats: grouped }));
}

function labelOf(updatedAt: number, today: number): string {
  if (updatedAt >= today) return 'Today';
  // Days counted by calendar: a day with a clock change is still one day.
  const daysAgo = Math.round((today - startOfDay(updatedAt)) / DAY_MS);
  if (daysAgo <= 1) return 'Yesterday';
  if (daysAgo <= 7) return 'Previous 7 days';
  if (daysAgo <= 30) return 'Previous 30 days';
  return new Date(updatedAt).toLocaleDateString(undefined, { month: 'long', year: 'numeric' });
}

function startOfDay(time: number): number {
  const date = new Date(time);
  return new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();
}
