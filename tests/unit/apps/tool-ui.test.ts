import { describe, expect, it } from 'vitest';
import { toolUi } from '../../../src/apps/tool-ui';
import { mayCall, type ToolCaller } from '../../../src/policy/app-calls';

const tool = (meta?: Record<string, unknown>) => ({
  name: 'refresh',
  inputSchema: { type: 'object' as const },
  ...(meta ? { _meta: meta } : {}),
});

describe('who may call a tool (_meta.ui.visibility)', () => {
  it.each<[string, Record<string, unknown> | undefined, ToolCaller, boolean]>([
    ['no _meta, the model', undefined, 'model', true],
    ['no _meta, an app', undefined, 'app', true],
    ['a UI without visibility', { ui: { resourceUri: 'ui://a' } }, 'model', true],
    ['model and app, an app', { ui: { visibility: ['model', 'app'] } }, 'app', true],
    ['model only, the model', { ui: { visibility: ['model'] } }, 'model', true],
    ['model only, an app', { ui: { visibility: ['model'] } }, 'app', false],
    ['the app only, the model', { ui: { visibility: ['app'] } }, 'model', false],
    ['the app only, an app', { ui: { visibility: ['app'] } }, 'app', true],
    ['an empty list (the default: both)', { ui: { visibility: [] } }, 'model', true],
    ['a malformed visibility', { ui: { visibility: 'app' } }, 'model', true],
    ['only callers Patchbay does not know', { ui: { visibility: ['widget'] } }, 'model', false],
  ])('%s', (_, meta, caller, expected) => {
    expect(mayCall(toolUi(tool(meta)), caller)).toBe(expected);
  });
});

describe('the UI resource a tool names', () => {
  it.each<[string, Record<string, unknown>, string | undefined]>([
    [
      '_meta.ui.resourceUri',
      { ui: { resourceUri: 'ui://charts/view.html' } },
      'ui://charts/view.html',
    ],
    ['the older flat key', { 'ui/resourceUri': 'ui://charts/old.html' }, 'ui://charts/old.html'],
    [
      'the nested key wins',
      { ui: { resourceUri: 'ui://a/new' }, 'ui/resourceUri': 'ui://a/old' },
      'ui://a/new',
    ],
    ['not a ui:// URI', { ui: { resourceUri: 'https://example.com/app.html' } }, undefined],
    ['not a string', { ui: { resourceUri: 42 } }, undefined],
    ['with spaces', { ui: { resourceUri: 'ui://a b' } }, undefined],
  ])('%s', (_, meta, expected) => {
    expect(toolUi(tool(meta))?.resourceUri).toBe(expected);
  });

  it('is undefined for a tool without an app', () => {
    expect(toolUi(tool())).toBeUndefined();
    expect(toolUi(tool({ other: true }))).toBeUndefined();
  });
});
