/**
 * Structured logs: one JSON object per line on stderr (stdout stays for what commands print).
 * Secrets never reach a log: callers pass ids and names only, and any field whose name says
 * it holds a secret is replaced before writing, as a second line of defence.
 */
import { createHash } from 'node:crypto';

export type Level = 'debug' | 'info' | 'warn' | 'error';
const ORDER: Record<Level, number> = { debug: 10, info: 20, warn: 30, error: 40 };
const SECRET_FIELD = /token|secret|authorization|password|cookie/i;

export interface Logger {
  debug(event: string, fields?: Record<string, unknown>): void;
  info(event: string, fields?: Record<string, unknown>): void;
  warn(event: string, fields?: Record<string, unknown>): void;
  error(event: string, fields?: Record<string, unknown>): void;
}

export function createLogger(
  level: Level = 'info',
  write: (line: string) => void = (line) => process.stderr.write(line),
): Logger {
  const at =
    (entryLevel: Level) =>
    (event: string, fields: Record<string, unknown> = {}) => {
      if (ORDER[entryLevel] < ORDER[level]) return;
      const safe = Object.fromEntries(
        Object.entries(fields).map(([key, value]) => [
          key,
          SECRET_FIELD.test(key) ? '[redacted]' : value,
        ]),
      );
      write(
        `${JSON.stringify({ time: new Date().toISOString(), level: entryLevel, event, ...safe })}\n`,
      );
    };
  return { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
}

/**
 * What logs say for a value that is a key to something (an HTTP session id, which lets whoever
 * holds it use the session): a short hash, enough to follow one session through the log.
 */
export function logTag(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  return createHash('sha256').update(value).digest('hex').slice(0, 12);
}
