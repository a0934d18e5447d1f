import { describe, expect, it } from 'vitest';
import { pickerContent, type PickerSources } from '../../../../components/composer/picker-items';

const itemIcon = 'data:image/png;base64,AAAA';
const serverIcon = 'data:image/png;base64,BBBB';
const servers = [{ id: 'docs', name: 'Docs', iconDataUrl: serverIcon }];

const withOwnIcons: ['resources' | 'prompts', Omit<PickerSources, 'servers'>][] = [
  [
    'resources',
    {
      resources: [{ serverId: 'docs', name: 'a', uri: 'notes://a', iconDataUrl: itemIcon }],
      templates: [],
      prompts: [],
    },
  ],
  [
    'prompts',
    {
      resources: [],
      templates: [],
      prompts: [{ serverId: 'docs', name: 'review', arguments: [], iconDataUrl: itemIcon }],
    },
  ],
];

describe('picker rows', () => {
  it.each(withOwnIcons)('show an item’s own icon before its server’s (%s)', (kind, sources) => {
    const content = pickerContent({ kind, query: '', start: 0, end: 1 }, { ...sources, servers });
    expect(content.groups[0]?.rows[0]?.serverIconDataUrl).toBe(itemIcon);
  });

  it('fall back to the server’s icon', () => {
    const content = pickerContent(
      { kind: 'resources', query: '', start: 0, end: 1 },
      {
        resources: [{ serverId: 'docs', name: 'a', uri: 'notes://a' }],
        templates: [],
        prompts: [],
        servers,
      },
    );
    expect(content.groups[0]?.rows[0]?.serverIconDataUrl).toBe(serverIcon);
  });
});
