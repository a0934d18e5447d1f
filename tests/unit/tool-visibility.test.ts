import { describe, expect, it } from 'vitest';
import { visibleToModel } from '../../src/mcp/view';

const tool = (meta?: Record<string, unknown>) => ({
  name: 'refresh',
  inputSchema: { type: 'object' as const },
  ...(meta ? { _meta: meta } : {}),
});

describe('which tools the model may be offered', () => {
  it.each([
    ['no _meta', undefined, true],
    ['a UI without visibility', { ui: { resourceUri: 'ui://a' } }, true],
    ['model and app', { ui: { visibility: ['model', 'app'] } }, true],
    ['model only', { ui: { visibility: ['model'] } }, true],
    ['the app only', { ui: { visibility: ['app'] } }, false],
    ['an empty list (the default: both)', { ui: { visibility: [] } }, true],
    ['a malformed visibility', { ui: { visibility: 'app' } }, true],
  ])('%s', (_, meta, expected) => {
    expect(visibleToModel(tool(meta))).toBe(expected);
  });
});
