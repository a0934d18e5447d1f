/**
 * The doctor's first rows, before anything is sent: the address itself (a URL, https or plain
 * http Patchbay allows, a port Chrome connects to) and whether Chrome lets Patchbay reach it.
 */
import { ConnectionError, userMessage } from '../../errors/connection-error';
import { isUnencrypted, mayUsePlainHttp, UNENCRYPTED_WARNING } from '../../net/private-network';
import type { HostAccess } from '../../permissions/host-access';
import { said, step, type DoctorStep } from './steps';
import { isUnsafePort, portOf } from './unsafe-ports';

export async function addressSteps(
  server: { name: string; url: string },
  access: HostAccess | undefined,
): Promise<DoctorStep[]> {
  const name = 'Address';
  let url: URL;
  try {
    url = new URL(server.url);
  } catch {
    return [said(name, 'fail', 'This is not a URL.', 'Give its URL.')];
  }
  const row = (verdict: DoctorStep['verdict'], sentence: string, fix?: string) =>
    step({ name, url: server.url, verdict, sentence, ...(fix ? { fix } : {}) });
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && mayUsePlainHttp(url)))
    return [row('fail', 'Servers on the internet need https.', 'Serve it over https.')];
  if (isUnsafePort(url))
    return [
      row(
        'fail',
        `Chrome refuses port ${portOf(url)} (ERR_UNSAFE_PORT): nothing was sent.`,
        'Serve it on another port, such as 443.',
      ),
    ];
  const address = isUnencrypted(server.url)
    ? row('warn', UNENCRYPTED_WARNING)
    : row('ok', 'Chrome can reach this address.');
  const allowed = access ? await access.allows(url) : true;
  const siteAccess = allowed
    ? said('Site access', 'ok', `Chrome lets Patchbay reach ${url.host}.`)
    : said(
        'Site access',
        'fail',
        userMessage(new ConnectionError('no-access', url.hostname), server.name, ''),
        'Nothing to change on the server: click Allow access.',
      );
  return [address, siteAccess];
}
