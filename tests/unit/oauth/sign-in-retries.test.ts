import { describe, expect, it } from 'vitest';
import { RegistrationRejectedError } from '@modelcontextprotocol/client';
import { AuthFlowError } from '../../../src/errors/auth-flow-error';
import { signInRetrying, type SignInChanges } from '../../../src/oauth/sign-in-retries';

const refused = (code: string) =>
  new AuthFlowError('failed', `The authorization server refused the sign-in (${code}).`, {
    oauthError: code,
  });

/** Runs signInRetrying over attempts that fail with `codes` in turn, then succeed. */
async function attemptsFor(codes: string[], options: { stepUp: boolean; registers?: boolean }) {
  const seen: SignInChanges[] = [];
  let registrations = 0;
  const outcome = await signInRetrying(
    async (changes) => {
      seen.push(changes);
      const code = codes[seen.length - 1];
      if (code) throw refused(code);
    },
    {
      stepUp: options.stepUp,
      ...(options.registers === false ? {} : { registerAgain: async () => void registrations++ }),
    },
  ).then(
    () => 'signed in',
    (error: unknown) => (error as Error).message,
  );
  return { seen, registrations, outcome };
}

describe('a sign-in tried again after a refusal a client can answer', () => {
  it('asks for no scope after invalid_scope on a first sign-in, once', async () => {
    const once = await attemptsFor(['invalid_scope'], { stepUp: false });
    expect(once.outcome).toBe('signed in');
    expect(once.seen.map((changes) => changes.omitScope)).toEqual([false, true]);
    expect(once.registrations).toBe(0);
    const twice = await attemptsFor(['invalid_scope', 'invalid_scope'], { stepUp: false });
    expect(twice.outcome).toMatch(/invalid_scope/);
    expect(twice.seen).toHaveLength(2);
  });

  it('registers again on a step-up refused with invalid_scope, and never drops the scope it needs', async () => {
    const stepUp = await attemptsFor(['invalid_scope', 'invalid_scope'], { stepUp: true });
    expect(stepUp.registrations).toBe(1);
    expect(stepUp.seen.every((changes) => !changes.omitScope)).toBe(true);
    expect(stepUp.outcome).toMatch(/invalid_scope/);
    const handRegistered = await attemptsFor(['invalid_scope'], { stepUp: true, registers: false });
    expect(handRegistered.seen).toHaveLength(1);
  });

  it('sends no resource after invalid_target, and both changes hold together', async () => {
    const both = await attemptsFor(['invalid_scope', 'invalid_target'], { stepUp: false });
    expect(both.outcome).toBe('signed in');
    expect(both.seen.at(-1)).toEqual({ omitScope: true, omitResource: true });
  });

  it('does not try again for anything else', async () => {
    const denied = await attemptsFor(['access_denied'], { stepUp: false });
    expect(denied.seen).toHaveLength(1);
    expect(denied.outcome).toMatch(/access_denied/);
  });
});

describe('a registration refused for its redirect', () => {
  const rejected = (body: string) =>
    new RegistrationRejectedError({ status: 400, body, submittedMetadata: { redirect_uris: [] } });

  async function attempts(failures: Error[], loopback: boolean) {
    let tries = 0;
    let switched = 0;
    const outcome = await signInRetrying(
      async () => {
        const failure = failures[tries++];
        if (failure) throw failure;
      },
      { stepUp: false, ...(loopback ? { registerWithLoopback: async () => void switched++ } : {}) },
    ).then(
      () => 'signed in',
      (error: unknown) => (error as Error).message,
    );
    return { tries, switched, outcome };
  }

  it('registers with the loopback redirect once, for invalid_redirect_uri or a redirect named as the metadata at fault', async () => {
    const uri = rejected('{"error":"invalid_redirect_uri"}');
    expect(await attempts([uri], true)).toEqual({ tries: 2, switched: 1, outcome: 'signed in' });
    const metadata = rejected(
      '{"error":"invalid_client_metadata","error_description":"redirect_uris must be loopback"}',
    );
    expect(await attempts([metadata], true)).toMatchObject({ switched: 1, outcome: 'signed in' });
    const twice = await attempts([uri, uri], true);
    expect(twice).toMatchObject({ tries: 2, switched: 1 });
    expect(twice.outcome).toMatch(/invalid_redirect_uri/);
  });

  it('leaves other refusals alone, and a client entered by hand as it is', async () => {
    const other = rejected('{"error":"invalid_client_metadata","error_description":"bad logo"}');
    expect(await attempts([other], true)).toMatchObject({ tries: 1, switched: 0 });
    expect(await attempts([rejected('<html>oops</html>')], true)).toMatchObject({ tries: 1 });
    const uri = rejected('{"error":"invalid_redirect_uri"}');
    expect(await attempts([uri], false)).toMatchObject({ tries: 1, switched: 0 });
  });
});
