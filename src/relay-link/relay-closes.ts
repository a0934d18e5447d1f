/**
 * What the relay's closing of the link means to the person, for the closes a retry cannot mend
 * (relay protocol close codes): a refused or expired token, a name another of their browsers
 * holds at the relay, another browser taking over. Anything else is tried again.
 */
const AUTH_FAILED = 4401;
const NAME_TAKEN = 4403;
const TAKEN_OVER = 4409;
/** Which token the link needs: the relay refuses its clients' tokens at the browser's door. */
const TOKEN_ADVICE = 'Paste a browser token (npm run relay -- token --role browser)';

/** The sentence for a close not worth retrying, or undefined when the link should try again. */
export function finalCloseMessage(code: number, reason: string): string | undefined {
  switch (code) {
    case AUTH_FAILED:
      return reason === 'Token expired'
        ? `The relay token expired. ${TOKEN_ADVICE}, save, and connect again.`
        : `The relay refused the token. ${TOKEN_ADVICE}, save, and connect again.`;
    case NAME_TAKEN:
      return 'Another of your browsers is connected to the relay with this name. Give this browser another name, save, and connect again.';
    case TAKEN_OVER:
      return 'Another browser connected to the relay with the same token and name, so the relay let this one go.';
    default:
      return undefined;
  }
}
