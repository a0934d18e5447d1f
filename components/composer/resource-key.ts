/** One resource of one server, as a key: the server's id, a space, the URI. */
export const resourceKey = (serverId: string, uri: string) => `${serverId} ${uri}`;

/** The server and URI back from a key (split at its first space: a URI may hold more). */
export function fromResourceKey(key: string): { serverId: string; uri: string } {
  const [serverId = '', ...rest] = key.split(' ');
  return { serverId, uri: rest.join(' ') };
}
