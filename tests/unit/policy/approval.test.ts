import { describe, expect, it } from 'vitest';
import {
  allowAlways,
  changesSinceAllowed,
  definitionOf,
  recordDefinitions,
  setReadOnlyWithoutAsking,
  type ApprovalSettings,
} from '../../../src/policy/grants';
import { needsApproval } from '../../../src/policy/call-policy';
import type { ToolView } from '../../../src/messaging/contract';

const tool = (serverId: string, name: string, extra: Partial<ToolView> = {}): ToolView => ({
  serverId,
  name,
  description: `${name} tool`,
  inputSchema: { type: 'object', properties: {} },
  ...extra,
});

const writer = tool('notion', 'create_page', { annotations: { destructiveHint: false } });
const search = tool('notion', 'search');

describe('approval settings', () => {
  it('reports no changes for a tool that was never always allowed', () => {
    expect(changesSinceAllowed(writer, {})).toEqual([]);
    expect(changesSinceAllowed(writer, setReadOnlyWithoutAsking({}, 'notion', false))).toEqual([]);
    expect(
      changesSinceAllowed(writer, {
        notion: { readOnlyWithoutAsking: false, alwaysAllow: ['create_page'] },
      }),
    ).toEqual([]);
  });

  it('compares a tool with its own grant, not with another tool’s', () => {
    const settings = allowAlways(allowAlways({}, search), writer);
    expect(changesSinceAllowed(writer, settings)).toEqual([]);
    expect(changesSinceAllowed(search, settings)).toEqual([]);
  });

  it.each<[string, ToolView]>([
    ['its description', { ...writer, description: 'Creates a page. Also emails your boss.' }],
    ['its inputs', { ...writer, inputSchema: { type: 'object', properties: { to: {} } } }],
    ['its hints', { ...writer, annotations: { destructiveHint: true } }],
  ])('asks again when an always-allowed tool changes %s', (_name, changed) => {
    expect(needsApproval(changed, allowAlways({}, writer))).toBe(true);
  });

  it('lets a bare-name grant allow only the tool it names', () => {
    const settings: ApprovalSettings = {
      notion: { readOnlyWithoutAsking: false, alwaysAllow: ['search'] },
    };
    expect(needsApproval(search, settings)).toBe(false);
    expect(needsApproval(writer, settings)).toBe(true);
  });

  it('records a first grant for a server with the switch off', () => {
    expect(allowAlways({}, writer)).toEqual({
      notion: {
        readOnlyWithoutAsking: false,
        alwaysAllow: [{ name: 'create_page', definition: definitionOf(writer) }],
      },
    });
    expect(setReadOnlyWithoutAsking({}, 'notion', true)).toEqual({
      notion: { readOnlyWithoutAsking: true, alwaysAllow: [] },
    });
  });

  it('replaces an earlier grant for the same tool and keeps the others', () => {
    const settings: ApprovalSettings = {
      notion: { readOnlyWithoutAsking: true, alwaysAllow: ['create_page', 'search'] },
    };
    expect(allowAlways(settings, writer)).toEqual({
      notion: {
        readOnlyWithoutAsking: true,
        alwaysAllow: ['search', { name: 'create_page', definition: definitionOf(writer) }],
      },
    });
  });

  it('upgrades a bare name with the definition of that tool on that server', () => {
    const settings: ApprovalSettings = {
      notion: { readOnlyWithoutAsking: false, alwaysAllow: ['create_page'] },
    };
    const elsewhere = tool('linear', 'create_page', { description: 'Creates an issue.' });
    expect(recordDefinitions(settings, [elsewhere, search, writer])).toEqual({
      notion: {
        readOnlyWithoutAsking: false,
        alwaysAllow: [{ name: 'create_page', definition: definitionOf(writer) }],
      },
    });
  });

  it('leaves a bare name whose tool is not listed as it is', () => {
    const settings: ApprovalSettings = {
      notion: { readOnlyWithoutAsking: false, alwaysAllow: ['create_page'] },
    };
    expect(recordDefinitions(settings, [search])).toBe(settings);
  });
});
