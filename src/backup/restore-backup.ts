/**
 * Carries out a {@link RestorePlan}: everything in storage in one write, the chats after it,
 * then the worker is told to take the new servers up (it owns their connections), so each
 * restored server connects at once, switched on or off as it was.
 */
import type { ConversationStore } from '../chat/history';
import type { KeyValueStore } from '../platform/ports';
import type { RestorePlan } from './restore-plan';

export interface RestoreTargets {
  store: KeyValueStore;
  /** The worker: told to read servers and routines again. */
  client: { request(type: 'backup/restored'): Promise<unknown> };
  history?: Pick<ConversationStore, 'save'>;
}

export async function applyRestore(plan: RestorePlan, targets: RestoreTargets): Promise<void> {
  await targets.store.set(plan.entries);
  for (const chat of plan.chats) await targets.history?.save(chat);
  await targets.client.request('backup/restored');
}
