import type { OwnRequestOrigins } from './ports';

/**
 * The rule leaving Origin out of Patchbay's requests (chrome-own-requests.ts) is a lazy part of
 * the worker (scripts/worker-chunks.ts): its code loads with the first server that refuses
 * Patchbay's Origin, or a server removed, never on the path of a server that takes it.
 */
export function createLazyOwnRequestOrigins(): OwnRequestOrigins {
  let loaded: Promise<OwnRequestOrigins> | undefined;
  const rule = () =>
    (loaded ??= import('./chrome-own-requests').then((part) =>
      part.createChromeOwnRequestOrigins(),
    ));
  return {
    dropOrigin: async (host) => (await rule()).dropOrigin(host),
    restoreOrigin: async (host) => (await rule()).restoreOrigin(host),
    keepOnly: async (hosts) => (await rule()).keepOnly(hosts),
  };
}
