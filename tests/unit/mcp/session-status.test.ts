import { describe, expect, it } from 'vitest';
import type { ServerStatus } from '../../../src/messaging/contract';
import {
  isFailing,
  refreshUnreachable,
  sameStatus,
  signInRefused,
  stoppedRetrying,
} from '../../../src/mcp/session/status';

describe('the status sentences of a server', () => {
  it.each([
    [1, 'Docs is down. Patchbay tried 1 more time and stopped; click Retry to try again.'],
    [3, 'Docs is down. Patchbay tried 3 more times and stopped; click Retry to try again.'],
  ])('counts %i retries in words', (attempts, expected) => {
    expect(stoppedRetrying('Docs is down.', attempts)).toBe(expected);
  });

  it.each([
    [403, 'Docs no longer accepts your sign-in (HTTP 403). Sign in again.'],
    [undefined, 'Docs no longer accepts your sign-in (HTTP 401). Sign in again.'],
  ])('says a refused sign-in with its status (%s)', (status, expected) => {
    expect(signInRefused('Docs', status)).toEqual({ state: 'invalid-token', error: expected });
  });

  it('says a renewal will be tried again when the sign-in server cannot be reached', () => {
    expect(refreshUnreachable('Docs')).toBe(
      "Couldn't reach Docs's sign-in server to renew your sign-in. Patchbay tries again in a minute; Retry to try now.",
    );
  });

  it.each<[ServerStatus['state'], boolean]>([
    ['error', true],
    ['cloudflare-error', true],
    ['invalid-token', true],
    ['needs-auth', true],
    ['connecting', false],
    ['connected', false],
    ['disconnected', false],
    ['token-refresh', false],
  ])('counts %s as failing: %s', (state, expected) => {
    expect(isFailing({ state })).toBe(expected);
  });

  it.each<[ServerStatus, ServerStatus, boolean]>([
    [{ state: 'error', error: 'a' }, { state: 'error', error: 'a' }, true],
    [{ state: 'error', error: 'a' }, { state: 'error', error: 'b' }, false],
    [{ state: 'error', error: 'a' }, { state: 'cloudflare-error', error: 'a' }, false],
  ])('tells statuses apart by state and sentence %#', (a, b, expected) => {
    expect(sameStatus(a, b)).toBe(expected);
  });
});
