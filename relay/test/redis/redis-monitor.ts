/**
 * Redis's MONITOR, read from a plain socket: every command the server runs, as its words.
 * (ioredis's own `monitor()` enters its monitoring mode a microtask after MONITOR's `+OK`, so a
 * command line arriving in the same packet as the `+OK` — relays publish all the time — fails its
 * command queue with "Command queue state error"; here the `+OK` and the lines are one stream.)
 */
import { once } from 'node:events';
import { connect } from 'node:net';

/** The words of one monitor line: `+1700000000.1 [0 127.0.0.1:5000] "publish" "a" "b\"c"`. */
export function monitorLineWords(line: string): string[] | undefined {
  const start = line.indexOf('] ');
  if (!line.startsWith('+') || start < 0) return undefined;
  const words: string[] = [];
  let index = start + 2;
  while (line[index] === '"') {
    let word = '';
    index += 1;
    while (index < line.length && line[index] !== '"') {
      if (line[index] !== '\\') {
        word += line[index];
        index += 1;
        continue;
      }
      const escaped = line[index + 1] ?? '';
      if (escaped === 'x') {
        word += String.fromCharCode(Number.parseInt(line.slice(index + 2, index + 4), 16));
        index += 4;
        continue;
      }
      word += { n: '\n', r: '\r', t: '\t', a: '\x07', b: '\b' }[escaped] ?? escaped;
      index += 2;
    }
    words.push(word);
    index += 2; // the closing quote and the space after it
  }
  return words;
}

/** Starts monitoring; resolves once Redis said MONITOR is on. */
export async function monitorRedis(
  url: string,
  onCommand: (words: string[]) => void,
): Promise<{ close(): void }> {
  const { hostname, port } = new URL(url);
  const socket = connect(Number(port || 6379), hostname);
  await once(socket, 'connect');
  socket.setEncoding('utf8');
  let buffer = '';
  const on = new Promise<void>((resolve, reject) => {
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      for (let end = buffer.indexOf('\r\n'); end >= 0; end = buffer.indexOf('\r\n')) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (line === '+OK') resolve();
        else if (line.startsWith('-')) reject(new Error(`Redis refused MONITOR: ${line}`));
        else {
          const words = monitorLineWords(line);
          if (words) onCommand(words);
        }
      }
    });
    socket.once('error', reject);
  });
  socket.write('MONITOR\r\n');
  await on;
  return { close: () => socket.destroy() };
}
