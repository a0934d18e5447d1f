/** What the doctor makes of the answer to its Reach request (reach.ts, judge-answer.ts). */
import type { AuthChallenge, ConnectionError } from '../../errors/connection-error';
import type { DoctorStep } from './steps';
import type { StreamTiming } from './stream-step';

export interface Judged extends Pick<DoctorStep, 'verdict' | 'sentence' | 'fix'> {
  /** An MCP server answered, or asked for a sign-in: the connection rows may follow. */
  answered: boolean;
  /** The 401's WWW-Authenticate challenge, when there was one. */
  challenge?: AuthChallenge;
  timing?: StreamTiming;
}

/** Sends the Reach request again, changed by `init` (another method, other headers). */
export type Send = (init: RequestInit) => Promise<Response>;

/** A failure, in the words the card uses for `error` (then `more`), with the admin's fix. */
export type Fail = (error: ConnectionError, fix?: string, more?: string) => Judged;

export function failWith(words: (error: ConnectionError) => string): Fail {
  return (error, fix, more = '') => ({
    answered: false,
    verdict: 'fail',
    sentence: `${words(error)}${more}`,
    ...(fix ? { fix } : {}),
  });
}
