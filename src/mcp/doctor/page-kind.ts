/**
 * What an HTML page where MCP was expected is: a bot check's or a firewall's page, a crashed
 * Cloudflare worker, or a website; as a failure in the card's words, with the admin's fix.
 */
import { ConnectionError } from '../../errors/connection-error';
import { isCloudflareWorkerError } from '../server-fetch';

/** The failure an HTML answer is; none for a website's error page (its status says more). */
export function htmlFailure(
  response: Response,
  page: string,
): { error: ConnectionError; fix: string } | undefined {
  const protocol = (words: string, fix: string) => ({
    error: new ConnectionError('protocol', words),
    fix,
  });
  if (
    response.headers.get('cf-mitigated') === 'challenge' ||
    /<title>\s*(Just a moment\.\.\.|Attention Required! \| Cloudflare)/i.test(page)
  )
    return protocol(
      'a bot check (a WAF challenge page) stopped it',
      'Skip the bot check for this path (e.g. a Cloudflare WAF skip rule).',
    );
  if (isCloudflareWorkerError(page))
    return {
      error: new ConnectionError('cloudflare', '', { status: response.status }),
      fix: 'Its logs say why the worker throws.',
    };
  if (/<title>[^<]*Access Denied/i.test(page))
    return protocol('a firewall (WAF) answered "Access Denied"', 'Let this path through the WAF.');
  if (response.ok)
    return protocol('it returned an HTML page', 'A website answers here: give the MCP endpoint.');
  return undefined;
}

/** Up to `limit` characters of an answer's body; the rest is not read. */
export async function readHead(response: Response, limit = 32_768): Promise<string> {
  const reader = response.body?.getReader();
  if (!reader) return '';
  const decoder = new TextDecoder();
  let text = '';
  while (text.length < limit) {
    const { done, value } = await reader.read();
    if (done) return text;
    text += decoder.decode(value, { stream: true });
  }
  await reader.cancel().catch(() => undefined);
  return text.slice(0, limit);
}
