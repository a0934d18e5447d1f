import { useState } from 'react';
import { BACKUP_FILE_STEM } from '../../src/backup/backup-format';
import { checkBackup, readBackup } from '../../src/backup/read-backup';
import { applyRestore, type RestoreTargets } from '../../src/backup/restore-backup';
import { planRestore, type RestorePlan } from '../../src/backup/restore-plan';
import { backupText, writeBackup } from '../../src/backup/write-backup';
import type { ConversationStore } from '../../src/chat/history';
import type { AskForSites } from '../../src/permissions/ask-for-sites';
import { downloadText } from '../chat/download-text';
import { useClient } from '../shared/client-context';

/** The shortest passphrase a backup takes. */
export const MIN_PASSPHRASE = 8;

/** What backup and restore need besides the panel's client (which the restore tells). */
export interface BackupDependencies extends Omit<RestoreTargets, 'client'> {
  history: Pick<ConversationStore, 'save' | 'list' | 'get'>;
  appVersion: string;
  askForSites: AskForSites;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Making a backup file: secrets sealed with a passphrase or left out, chats if chosen. */
export function useMakeBackup(dependencies: BackupDependencies) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  async function make(options: { passphrase?: string; chats: boolean }) {
    setBusy(true);
    setError(undefined);
    try {
      const chats = options.chats ? await allChats(dependencies.history) : [];
      const file = await writeBackup({
        store: dependencies.store,
        appVersion: dependencies.appVersion,
        chats,
        ...(options.passphrase ? { passphrase: options.passphrase } : {}),
      });
      const day = file.createdAt.slice(0, 10);
      downloadText(backupText(file), 'application/json', `${BACKUP_FILE_STEM}-${day}.json`);
    } catch (caught) {
      setError(messageOf(caught));
    } finally {
      setBusy(false);
    }
  }
  return { busy, error, make };
}

async function allChats(history: BackupDependencies['history']) {
  const { conversations } = await history.list();
  const opened = await Promise.all(conversations.map((summary) => history.get(summary.id)));
  return opened.flatMap((chat) => (chat ? [chat] : []));
}

export type RestoreStep =
  | { step: 'idle' }
  | { step: 'chosen'; text: string; name: string; sealed: boolean }
  | { step: 'preview'; plan: RestorePlan }
  | { step: 'restoring'; plan: RestorePlan }
  | { step: 'done'; plan: RestorePlan };

/** Restoring from a file: checked, opened, previewed, then written at once on Confirm. */
export function useRestore(dependencies: BackupDependencies) {
  const client = useClient();
  const [state, setState] = useState<RestoreStep>({ step: 'idle' });
  const [error, setError] = useState<string | undefined>();
  const fail = (caught: unknown) => setError(messageOf(caught));

  async function choose(file: File) {
    setError(undefined);
    setState({ step: 'idle' });
    try {
      const text = await file.text();
      const checked = await checkBackup(text, dependencies.appVersion);
      setState({ step: 'chosen', text, name: file.name, sealed: Boolean(checked.secrets) });
    } catch (caught) {
      fail(caught);
    }
  }

  async function open(options: { passphrase?: string; withoutSecrets?: boolean }) {
    if (state.step !== 'chosen') return;
    setError(undefined);
    try {
      const opened = await readBackup(state.text, {
        appVersion: dependencies.appVersion,
        ...options,
      });
      const { conversations } = await dependencies.history.list();
      const ids = new Set(conversations.map((chat) => chat.id));
      setState({ step: 'preview', plan: await planRestore(opened, dependencies.store, ids) });
    } catch (caught) {
      fail(caught);
    }
  }

  function confirm() {
    if (state.step !== 'preview') return;
    const { plan } = state;
    // Asked within the click, before anything is awaited, so Chrome sees the gesture.
    const sites = dependencies.askForSites(plan.urls);
    setState({ step: 'restoring', plan });
    void sites
      .then(() => applyRestore(plan, { ...dependencies, client }))
      .then(
        () => setState({ step: 'done', plan }),
        (caught: unknown) => {
          fail(caught);
          setState({ step: 'preview', plan });
        },
      );
  }

  const cancel = () => {
    setError(undefined);
    setState({ step: 'idle' });
  };
  return { state, error, choose, open, confirm, cancel };
}
