import { useCallback, useEffect, useRef, useState } from 'react';
import { useClient } from '../shared/client-context';
import type { SkillView } from '../../src/messaging/skills-contract';
import type { SkillListState } from './SkillList';

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The skills of servers whose Skills section the person opened, and their decisions. Nothing
 * loads until a section asks; a server whose resources change (skills are resources) loads
 * again; one that stops being connected forgets them.
 */
export function useServerSkills() {
  const client = useClient();
  const [skills, setSkills] = useState<Record<string, SkillListState>>({});
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set());
  const started = useRef(new Set<string>());

  const set = useCallback(
    (serverId: string, next: (previous: SkillListState | undefined) => SkillListState) =>
      setSkills((previous) => ({ ...previous, [serverId]: next(previous[serverId]) })),
    [],
  );

  const load = useCallback(
    async (serverId: string) => {
      started.current.add(serverId);
      set(serverId, (previous) => ({ ...previous, loading: true }));
      try {
        // Every server's, so that same names across servers are told apart.
        const result = await client.request('mcp/skills/list', {});
        const failure = result.failures.find((each) => each.serverId === serverId);
        set(serverId, () =>
          failure
            ? { loading: false, error: failure.message }
            : {
                loading: false,
                skills: result.skills.filter((skill) => skill.serverId === serverId),
              },
        );
      } catch (error) {
        set(serverId, () => ({ loading: false, error: message(error) }));
      }
    },
    [client, set],
  );

  const decide = useCallback(
    async (skill: SkillView, allow: boolean, allowTools: boolean) => {
      if (!skill.digest) return;
      setBusy((previous) => new Set(previous).add(skill.serverId));
      try {
        await client.server(skill.serverId, 'skills/decide', {
          uri: skill.uri,
          digest: skill.digest,
          allow,
          allowTools,
        });
      } catch (error) {
        set(skill.serverId, (previous) => ({ ...previous, loading: false, error: message(error) }));
      } finally {
        setBusy((previous) => {
          const next = new Set(previous);
          next.delete(skill.serverId);
          return next;
        });
      }
      // What the server offers now, after the decision (or after a change that refused it).
      await load(skill.serverId);
    },
    [client, load, set],
  );

  useEffect(
    () =>
      client.onBroadcast((broadcast) => {
        if (broadcast.type === 'mcp/features/changed' && broadcast.payload.kind === 'resources') {
          if (started.current.has(broadcast.payload.serverId))
            void load(broadcast.payload.serverId);
        } else if (broadcast.type === 'mcp/status/changed') {
          const { serverId, status, server } = broadcast.payload;
          if ((server?.status ?? status).state === 'connected' && server?.isEnabled !== false)
            return;
          started.current.delete(serverId);
          setSkills((previous) => {
            if (!(serverId in previous)) return previous;
            const next = { ...previous };
            delete next[serverId];
            return next;
          });
        }
      }),
    [client, load],
  );

  return { skills, busy, load, decide };
}
