/**
 * The key this install signs its tool approvals with (the AI SDK's
 * `experimental_toolApprovalSecret`): streamText signs each approval it asks for and, before
 * running an approved call from the conversation, checks the signature. So only approvals this
 * install asked for can run: a chat file, or anything else that writes messages, cannot bring
 * in a call marked approved.
 */
import type { KeyValueStore } from '../platform/ports';

export const APPROVAL_SECRET_KEY = 'chat.approvalSecret';

/**
 * 32 random bytes as base64url: made once per install and kept in `storage.local` (the worker
 * makes it when it starts; a panel makes it only if it is somehow missing).
 */
export async function loadApprovalSecret(store: KeyValueStore): Promise<string> {
  const stored = await store.get<unknown>(APPROVAL_SECRET_KEY);
  if (typeof stored === 'string' && stored.length >= 43) return stored;
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  const made = btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
  await store.set({ [APPROVAL_SECRET_KEY]: made });
  // Should another page have made one at the same moment, the one stored last is the key.
  return (await store.get<string>(APPROVAL_SECRET_KEY)) ?? made;
}
