import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  FILES_WITH_TABLE,
  renderPermissionTable,
  tableBlock,
  withTable,
} from '../../../scripts/store-permissions';
import { PERMISSIONS } from '../../../store/permissions';
import config from '../../../wxt.config';

interface ManifestPermissions {
  permissions?: string[];
  optional_permissions?: string[];
  host_permissions?: string[];
  optional_host_permissions?: string[];
}

describe('the permission table (store/permissions.ts)', () => {
  it('has one row for every permission the manifest asks for, and no other', () => {
    const manifest = config.manifest as ManifestPermissions;
    const rows = (kind: string) =>
      PERMISSIONS.filter((row) => row.kind === kind).map((row) => row.permission);
    expect(
      {
        required: rows('required'),
        optional: rows('optional'),
        host: rows('host'),
        optionalHost: rows('optional-host'),
      },
      'add or remove the row in store/permissions.ts, then run npm run store:permissions',
    ).toEqual({
      required: manifest.permissions ?? [],
      optional: manifest.optional_permissions ?? [],
      host: manifest.host_permissions ?? [],
      optionalHost: manifest.optional_host_permissions ?? [],
    });
  });

  it.each(FILES_WITH_TABLE)(
    'is what %s shows (npm run store:permissions writes it)',
    async (file) => {
      expect(tableBlock(readFileSync(file, 'utf8'))).toBe(await renderPermissionTable());
    },
  );

  it('renders a row per permission, with optional and host permissions named as such', async () => {
    const table = await renderPermissionTable([
      { permission: 'contextMenus', kind: 'required', uses: 'a | b', asked: 'at install' },
      { permission: 'tabs', kind: 'optional', uses: 'tab titles', asked: 'later' },
      { permission: '<all_urls>', kind: 'host', uses: 'requests', asked: 'at install' },
      { permission: '<all_urls>', kind: 'optional-host', uses: 'sites', asked: 'later' },
    ]);
    const lines = table.split('\n').map((line) => line.replace(/\s+/g, ' '));
    expect(lines).toEqual([
      '| permission | what uses it | asked |',
      expect.stringMatching(/^\| -+ \| -+ \| -+ \|$/),
      '| `contextMenus` | a \\| b | at install |',
      '| `tabs` (optional) | tab titles | later |',
      '| host `<all_urls>` | requests | at install |',
      '| host `<all_urls>` (optional) | sites | later |',
    ]);
  });

  it('says which markers are missing instead of writing a file without the table', () => {
    expect(() => withTable('# No table here\n', '| x |', 'README.md')).toThrow(
      'README.md has no permission table markers',
    );
    expect(tableBlock('# No table here\n')).toBeUndefined();
  });
});
