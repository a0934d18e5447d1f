/** A 401 (a sign-in, or a token refused) or a 403 (too little access, or an allowlist). */
import { extractWWWAuthenticateParams } from '@modelcontextprotocol/client';
import { ConnectionError } from '../../errors/connection-error';
import type { Fail, Judged } from './judged';

/** `sent`: what went with the request, which a 401 without a challenge is most likely about. */
export function signInAsked(
  response: Response,
  sent: { token: boolean; headers: boolean },
  fail: Fail,
): Judged {
  const { resourceMetadataUrl, scope, error } = extractWWWAuthenticateParams(response);
  const challenge = {
    ...(resourceMetadataUrl ? { resourceMetadataUrl: resourceMetadataUrl.href } : {}),
    ...(scope ? { scope } : {}),
    ...(error ? { error } : {}),
  };
  const asked = { answered: true, challenge };
  if (sent.token)
    return { ...asked, verdict: 'warn', sentence: 'It refused the access token (HTTP 401).' };
  if (response.headers.has('www-authenticate'))
    return { ...asked, verdict: 'ok', sentence: 'It asks for a sign-in (HTTP 401).' };
  if (sent.headers)
    return fail(new ConnectionError('auth', '', { status: 401 }), 'Check the headers it expects.');
  return {
    ...asked,
    verdict: 'warn',
    sentence: 'It asks for a sign-in (HTTP 401) without WWW-Authenticate.',
    fix: 'Send WWW-Authenticate: Bearer resource_metadata="…" with it.',
  };
}

/** `origin`: Patchbay's, which Chrome would put on the extension's POSTs. */
export function refused(response: Response, origin: string, fail: Fail): Judged {
  const refusal = new ConnectionError('auth', '', { status: 403 });
  const { scope } = extractWWWAuthenticateParams(response);
  if (/^bearer/i.test(response.headers.get('www-authenticate') ?? ''))
    return fail(refusal, `Give the account the access it asks for${scope ? ` (${scope})` : ''}.`);
  return fail(
    refusal,
    `Allow ${origin} or requests without Origin, or check its allowlists.`,
    ` Servers that check Origin, as the MCP spec says, refuse ${origin}; Patchbay then asks again without one, so something else, such as an allowlist, refused it.`,
  );
}
