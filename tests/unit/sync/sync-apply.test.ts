import { describe, expect, it } from 'vitest';
import { localEntries } from '../../../src/sync/apply-records';
import { serverRecordKey, type RecordBody } from '../../../src/sync/sync-records';

const record = (url: string): RecordBody => ({
  value: { name: 'Notes', url, headers: ['X-Key'], enabled: true, disabledTools: ['wipe'] },
});

describe('a server another browser synced', () => {
  it('arrives without its header’s value, switched as it was there', () => {
    const entries = localEntries(
      new Map([[serverRecordKey('custom-1'), record('https://notes.example/mcp')]]),
      [],
    );
    expect(entries.customMcpServers).toEqual([
      expect.objectContaining({
        id: 'custom-1',
        url: 'https://notes.example/mcp',
        headers: [{ key: 'X-Key', value: '' }],
      }),
    ]);
    expect(entries['mcp.custom-1.enabled']).toBe(true);
    expect(entries['mcp.custom-1.tools.disabled']).toEqual(['wipe']);
  });

  it('is left out when its address breaks the rules a server added here meets', () => {
    for (const url of ['http://notes.example/mcp', 'javascript:alert(1)', 'not a url']) {
      const entries = localEntries(new Map([[serverRecordKey('custom-2'), record(url)]]), []);
      expect(entries.customMcpServers ?? []).toEqual([]);
      expect(entries['mcp.custom-2.enabled']).toBeUndefined();
    }
  });
});
