import { describe, expect, it } from 'vitest';
import { parseServerImport } from '../../../src/mcp/import-export';
import { MAX_IMPORT_FILE_BYTES, readImportFile } from '../../../src/mcp/import-file';

const file = (text: string, name = 'claude_desktop_config.json') =>
  Object.assign(new Blob([text], { type: 'application/json' }), { name });

describe('importing servers from a file', () => {
  it('reads a desktop client’s file, byte-order mark and all, into entries', async () => {
    const text = await readImportFile(
      file(
        '\uFEFF{ "mcpServers": { "docs": { "url": "https://docs.example.com/mcp" }, "local": { "command": "npx" } } }',
      ),
    );
    const entries = parseServerImport(text, []);
    expect(entries.map((entry) => [entry.name, Boolean(entry.payload)])).toEqual([
      ['docs', true],
      ['local', false],
    ]);
    expect(entries[1]?.error).toMatch(/local program/);
  });

  it('refuses a file far larger than any servers file, naming it', async () => {
    const big = file('x'.repeat(MAX_IMPORT_FILE_BYTES + 1), 'huge.json');
    await expect(readImportFile(big)).rejects.toThrow(/huge\.json is 1024 KB/);
  });

  it('sends a Patchbay backup to Settings › Backup', async () => {
    const text = await readImportFile(file('{ "format": "patchbay-backup", "version": 1 }'));
    expect(() => parseServerImport(text, [])).toThrow(/restore it in Settings › Backup/);
  });
});
