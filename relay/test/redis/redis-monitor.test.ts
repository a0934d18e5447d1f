import { expect, it } from 'vitest';
import { monitorLineWords } from './redis-monitor.js';

it('reads the words of a monitor line, escapes and all', () => {
  expect(
    monitorLineWords(
      '+1700000000.123456 [0 127.0.0.1:5000] "publish" "patchbay:everyone" "{\\"kind\\":\\"left\\"}\\n\\x41"',
    ),
  ).toEqual(['publish', 'patchbay:everyone', '{"kind":"left"}\nA']);
  expect(monitorLineWords('+OK')).toBeUndefined();
});
