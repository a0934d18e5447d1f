/**
 * Which registry Browse searches (`registryUrl`): the official MCP Registry unless the person
 * names another (a company's sub-registry). https, or plain http on this machine or the own
 * network, as for servers.
 */
import { mayUsePlainHttp } from '../net/private-network';

export const REGISTRY_URL_KEY = 'registryUrl';
export const OFFICIAL_REGISTRY_URL = 'https://registry.modelcontextprotocol.io';

export type RegistryUrlCheck = { ok: true; url: string } | { ok: false; message: string };

export function checkRegistryUrl(text: string): RegistryUrlCheck {
  const trimmed = text.trim();
  if (!trimmed) return { ok: true, url: OFFICIAL_REGISTRY_URL };
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return { ok: false, message: `"${trimmed}" is not an address. Include https://.` };
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && mayUsePlainHttp(url)))
    return {
      ok: false,
      message:
        'Use an https:// address (plain http only for a registry on this machine or your own network).',
    };
  if (url.username || url.password || url.search || url.hash)
    return { ok: false, message: 'Give the registry’s address alone, without a query or a user.' };
  return { ok: true, url: url.href.replace(/\/+$/, '') };
}
