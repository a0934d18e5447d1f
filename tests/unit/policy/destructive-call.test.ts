import { describe, expect, it } from 'vitest';
import { describeCall, isMarkedDestructive } from '../../../src/policy/destructive-call';
import { allowAlways, isAllowedAlways, type ApprovalSettings } from '../../../src/policy/grants';
import { BROWSER_SERVER_ID } from '../../../src/messaging/browser-access-contract';

const tool = (annotations: Record<string, boolean> | undefined, serverId = 'notes') => ({
  serverId,
  name: 'delete_note',
  description: 'Deletes a note for good.',
  inputSchema: { type: 'object' as const, properties: { id: { type: 'string' } } },
  ...(annotations ? { annotations } : {}),
});

describe('what a destructive call does, in words from its name', () => {
  it.each([
    ['delete_note', 'Deletes a note'],
    ['purgeAllRecords', 'Purges all records'],
    ['API-dropTable', 'Drops a table'],
    ['notion_delete_page', 'Deletes a page'],
    ['remove_attachments', 'Removes attachments'],
    ['archive_issue', 'Archives an issue'],
    ['destroy', 'Destroys something'],
    ['trash_email', 'Trashes an email'],
    ['wipe_the_disk', 'Wipes the disk'],
    ['', 'Changes something'],
  ])('%s → %s', (name, words) => {
    expect(describeCall(name)).toBe(words);
  });
});

describe('a tool its server marks destructive', () => {
  it('is one only by an explicit mark, never read-only, and never the browser’s own', () => {
    expect(isMarkedDestructive(tool({ destructiveHint: true }))).toBe(true);
    expect(isMarkedDestructive(tool(undefined))).toBe(false);
    expect(isMarkedDestructive(tool({ destructiveHint: false }))).toBe(false);
    expect(isMarkedDestructive(tool({ destructiveHint: true, readOnlyHint: true }))).toBe(false);
    expect(isMarkedDestructive(tool({ destructiveHint: true }, BROWSER_SERVER_ID))).toBe(false);
  });

  it('is never always allowed, and a grant saved before does not run it unasked', () => {
    const marked = tool({ destructiveHint: true });
    expect(allowAlways({}, marked)).toEqual({});
    const saved: ApprovalSettings = {
      notes: { readOnlyWithoutAsking: false, alwaysAllow: ['delete_note'] },
    };
    expect(isAllowedAlways(marked, saved)).toBe(false);
    // The same grant holds for the tool when its server does not mark it.
    expect(isAllowedAlways(tool(undefined), saved)).toBe(true);
  });
});
