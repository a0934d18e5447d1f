import { describe, expect, it } from 'vitest';
import { describeToolCounts, toolCounts, toolsByServer } from '../../../src/chat/tool-counts';

const tools = [
  { serverId: 'fixture' },
  { serverId: 'fixture' },
  { serverId: 'browser' },
  { serverId: 'deepwiki' },
];

describe('toolCounts', () => {
  it('counts tools and the distinct servers they come from', () => {
    expect(toolCounts(tools)).toEqual({ tools: 4, servers: 3 });
    expect(toolsByServer(tools)).toEqual(
      new Map([
        ['fixture', 2],
        ['browser', 1],
        ['deepwiki', 1],
      ]),
    );
  });

  it('says it in words, singular where it is one', () => {
    expect(describeToolCounts(toolCounts(tools))).toBe('4 tools · 3 servers');
    expect(describeToolCounts({ tools: 1, servers: 1 })).toBe('1 tool · 1 server');
    expect(describeToolCounts({ tools: 0, servers: 0 })).toBe('No tools');
  });
});
