import { useCallback, useState } from 'react';
import { findLocalServers } from '../../../src/models/local/probe';
import {
  DEFAULT_TARGETS,
  LOOPBACK_HOST,
  type LocalTarget,
  type ProbeResult,
} from '../../../src/models/local/local-servers';
import { sitesRefused, type AskForSites } from '../../../src/permissions/ask-for-sites';
import type { LocalSearch } from './LocalModels';

/** What looking for local servers needs from the panel. */
export interface LocalModelsDependencies {
  askForSites: AskForSites;
  /** Lets these origins serve Patchbay's requests (no extension Origin); see chrome-local-origins. */
  serveLocalOrigins(origins: readonly string[]): Promise<boolean>;
  /** Where to look: the usual ports unless a test says otherwise. */
  targets?: readonly LocalTarget[];
  find?: typeof findLocalServers;
}

const LOOPBACK_SITE = `http://${LOOPBACK_HOST}/`;

/**
 * Looks for model servers on this machine, from the person's click: asks Chrome for 127.0.0.1
 * first (within the click), lets the ports looked at serve Patchbay without its Origin, then
 * probes them. Nothing is asked of any server before the click.
 */
export function useLocalModels(dependencies: LocalModelsDependencies) {
  const [search, setSearch] = useState<LocalSearch>({ phase: 'idle' });
  const { askForSites, serveLocalOrigins, targets = DEFAULT_TARGETS, find } = dependencies;
  const look = useCallback(
    (typedPort: string) => {
      const extra = parsePort(typedPort);
      if (extra === 'invalid') {
        setSearch({ phase: 'failed', message: 'Enter a port number from 1 to 65535, or none.' });
        return;
      }
      const allowed = askForSites([LOOPBACK_SITE]); // first: Chrome needs the click
      const all = extra === undefined ? targets : [...targets, { port: extra }];
      setSearch({ phase: 'looking' });
      void (async () => {
        if (!(await allowed)) {
          setSearch({
            phase: 'failed',
            message: sitesRefused([LOOPBACK_SITE], 'Look again to be asked again.'),
          });
          return;
        }
        await serveLocalOrigins(all.map((target) => originOf(target.port)));
        const results: ProbeResult[] = await (find ?? findLocalServers)(all);
        setSearch({ phase: 'done', results, ports: all.map((target) => target.port) });
      })();
    },
    [askForSites, serveLocalOrigins, targets, find],
  );
  return { search, look };
}

function originOf(port: number): string {
  return `http://${LOOPBACK_HOST}:${port}`;
}

/** The port typed, undefined for none, 'invalid' for anything but 1–65535. */
export function parsePort(text: string): number | undefined | 'invalid' {
  const trimmed = text.trim();
  if (!trimmed) return undefined;
  const port = /^\d{1,5}$/.test(trimmed) ? Number(trimmed) : Number.NaN;
  return port >= 1 && port <= 65535 ? port : 'invalid';
}
