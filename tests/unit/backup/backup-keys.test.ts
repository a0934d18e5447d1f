import { describe, expect, it } from 'vitest';
import { APPROVALS, DISABLED_PAGE_TOOLS, ROUTINES } from '../../../src/backup/backup-key-names';
import { backupKeys } from '../../../src/backup/backup-keys';
import { putSecrets, takeSecrets } from '../../../src/backup/backup-secrets';
import { DISABLED_PAGE_TOOLS_KEY } from '../../../src/page-tools/switched-off-tools';
import { APPROVALS_STORAGE_KEY } from '../../../src/policy/grants';
import { ROUTINES_KEY } from '../../../src/routines/routine-keys';

describe('backup keys', () => {
  it('names the same keys as their owners', () => {
    expect([ROUTINES, APPROVALS, DISABLED_PAGE_TOOLS]).toEqual([
      ROUTINES_KEY,
      APPROVALS_STORAGE_KEY,
      DISABLED_PAGE_TOOLS_KEY,
    ]);
  });

  it('never holds sign-ins, sessions or this install’s approval key', () => {
    const keys = backupKeys([{ id: 'custom-1' }]);
    expect(keys).toContain('mcp.custom-1.tools.disabled');
    expect(keys).toContain('oauth.custom-1.client');
    expect(
      keys.filter((key) => /tokens|sessionId|handshake|pending|approvalSecret|runs/.test(key)),
    ).toEqual([]);
  });

  it('takes out and puts back every kind of secret', () => {
    const storage = {
      customMcpServers: [
        {
          id: 'custom-1',
          headers: [{ key: 'X-Key', value: 'h' }],
          oauth: { clientId: 'c', clientSecret: 's' },
        },
      ],
      'chat.models': { active: 'openai', providers: { openai: { apiKey: 'k', model: 'm' } } },
      'oauth.custom-1.client': { client_id: 'dcr', client_secret: 'd' },
      'browserAccess.settings': { link: { url: 'ws://x', token: 't' } },
    };
    const { clear, secrets } = takeSecrets(storage);
    expect(Object.values(secrets).sort()).toEqual(['d', 'h', 'k', 's', 't']);
    expect(JSON.stringify(clear)).not.toMatch(/"(h|k|s|d|t)"/);
    expect(putSecrets(clear, secrets)).toEqual(storage);
  });
});
