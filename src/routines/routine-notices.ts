/**
 * What a routine's run says with a system notification (the optional `notifications`
 * permission, asked for when the first routine is saved): a call that waits for the person, and
 * how a run ended, with the reason. A sign-in that expired is announced once per server until
 * it works again, not once per run.
 */
import type { KeyValueStore, Notifier } from '../platform/ports';
import { CHAT_NOTICE_PREFIX } from '../panel-entry/panel-entry';
import type { Routine, RoutineRun } from './routine';

/** Servers whose expired sign-in was announced (ids), until they connect again. */
export const SIGN_IN_NOTICED_KEY = 'routines.signInNoticed';

export interface RoutineNoticeOptions {
  notifier: Notifier;
  store: KeyValueStore;
  serverName(serverId: string): Promise<string>;
}

export function createRoutineNotices(options: RoutineNoticeOptions) {
  const { notifier, store } = options;
  const noticed = async () => {
    const stored = await store.get<unknown>(SIGN_IN_NOTICED_KEY);
    return Array.isArray(stored) ? stored.filter((id): id is string => typeof id === 'string') : [];
  };
  return {
    /** A run now waits for the person, or ended. */
    async ended(
      routine: Routine,
      run: RoutineRun,
      why: { signIn: readonly string[]; onlySignIn: boolean } = { signIn: [], onlySignIn: false },
    ): Promise<void> {
      const { signIn } = why;
      // A click opens the panel on the run's chat (src/panel-entry/panel-entry.ts).
      const id = `${CHAT_NOTICE_PREFIX}${run.chatId}`;
      switch (run.outcome) {
        // Going on, or stopped by the person: nothing to tell them.
        case 'running':
        case 'stopped':
          return;
        case 'waiting':
          return notifier.notify(id, {
            title: routine.name,
            message: `${routine.name} wants to run ${run.waitingFor ?? 'a tool'}. Click to answer.`,
          });
        case 'done':
          return notifier.notify(id, { title: routine.name, message: 'Ran. Click to read it.' });
        case 'timed-out':
          return notifier.notify(id, {
            title: routine.name,
            message: 'Stopped: nobody answered its question in time.',
          });
        case 'failed': {
          const already = await noticed();
          const fresh = signIn.filter((serverId) => !already.includes(serverId));
          // A run that failed only on sign-ins already announced says nothing more.
          if (why.onlySignIn && signIn.length && !fresh.length) return;
          if (fresh.length) await store.set({ [SIGN_IN_NOTICED_KEY]: [...already, ...fresh] });
          const names = await Promise.all(fresh.map(options.serverName));
          return notifier.notify(id, {
            title: `${routine.name} failed`,
            message: fresh.length
              ? `Sign in to ${names.join(' and ')} again in Servers. ${run.reason ?? ''}`.trim()
              : (run.reason ?? 'It did not finish.'),
          });
        }
      }
    },
    /** The person stopped a run that waited for them: its "wants to run" notice goes. */
    async stopped(run: Pick<RoutineRun, 'chatId'>): Promise<void> {
      await notifier.clear(`${CHAT_NOTICE_PREFIX}${run.chatId}`);
    },
    /** These servers work again: a later expiry is news. */
    async signedIn(serverIds: readonly string[]): Promise<void> {
      const already = await noticed();
      const kept = already.filter((id) => !serverIds.includes(id));
      if (kept.length !== already.length) await store.set({ [SIGN_IN_NOTICED_KEY]: kept });
    },
  };
}
export type RoutineNotices = ReturnType<typeof createRoutineNotices>;
