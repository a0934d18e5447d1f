/**
 * A run's time for people, in their locale and (by default) the browser's time zone: "Mon 3 Dec,
 * 08:00". Absolute on purpose, so it reads the same in a chat title written days ago.
 */
export function formatRunTime(
  instant: number,
  options: { locale?: string; timeZone?: string } = {},
): string {
  return new Intl.DateTimeFormat(options.locale, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    ...(options.timeZone ? { timeZone: options.timeZone } : {}),
  }).format(instant);
}
