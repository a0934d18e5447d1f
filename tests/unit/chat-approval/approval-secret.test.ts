import { describe, expect, it } from 'vitest';
import {
  APPROVAL_SECRET_KEY,
  loadApprovalSecret,
} from '../../../src/chat-approval/approval-secret';
import { createMemoryStore } from '../../../src/platform/memory';

describe('the key approvals are signed with', () => {
  it('is made once per install, random, and kept', async () => {
    const store = createMemoryStore();
    const first = await loadApprovalSecret(store);
    expect(first).toMatch(/^[A-Za-z0-9_-]{43}$/);
    await expect(loadApprovalSecret(store)).resolves.toBe(first);
    await expect(store.get(APPROVAL_SECRET_KEY)).resolves.toBe(first);
    expect(await loadApprovalSecret(createMemoryStore())).not.toBe(first);
  });

  it('replaces a stored value too short to be one', async () => {
    const store = createMemoryStore({ [APPROVAL_SECRET_KEY]: 'short' });
    await expect(loadApprovalSecret(store)).resolves.toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
});
