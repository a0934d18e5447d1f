import { describe, expect, it } from 'vitest';
import {
  chatGrants,
  decideCall,
  NO_OTHER_TEXT,
  type CallGrants,
  type CallTrust,
} from '../../../src/policy/call-policy';
import { allowAlways, setReadOnlyWithoutAsking } from '../../../src/policy/grants';
import type { ToolView } from '../../../src/messaging/contract';

const tool = (serverId: string, name: string, annotations?: ToolView['annotations']): ToolView => ({
  serverId,
  name,
  description: `${name} of ${serverId}`,
  inputSchema: { type: 'object' },
  ...(annotations && { annotations }),
});
const readPage = tool('browser', 'read_page', { readOnlyHint: true, openWorldHint: false });
const search = tool('notion', 'search', { readOnlyHint: true, openWorldHint: false });
const post = tool('notion', 'post_page');
const NEWS = 'https://news.example';
const none: CallGrants = { allowedAlways: false, readOnly: false };
const pointedAtNews: CallTrust = { sources: [], origins: new Set([NEWS]), seen: new Set() };
const tainted: CallTrust = {
  sources: [{ label: 'a page you quoted', about: NEWS }],
  origins: new Set([NEWS]),
  seen: new Set(),
};

describe('what runs unasked (one rule for the chat, external clients and apps)', () => {
  it('asks without a grant, and runs with one while nothing from elsewhere is in the chat', () => {
    expect(decideCall({ tool: post, origin: undefined }, none, NO_OTHER_TEXT)).toEqual({
      ask: true,
    });
    const always = { allowedAlways: true, readOnly: false } as const;
    expect(decideCall({ tool: post, origin: undefined }, always, NO_OTHER_TEXT)).toEqual({
      ask: false,
    });
  });

  it('asks again, saying why, when a granted tool could send out what others wrote', () => {
    const always = { allowedAlways: true, readOnly: false } as const;
    const verdict = decideCall({ tool: post, origin: undefined }, always, tainted);
    expect(verdict).toEqual({
      ask: true,
      why: expect.stringMatching(/^Asked again: this chat holds text from a page you quoted/),
    });
  });

  it('holds a read-only grant anywhere, or only on the sites the person pointed at', () => {
    const call = { tool: readPage, origin: 'https://elsewhere.example' };
    expect(decideCall(call, { ...none, readOnly: 'anywhere' }, NO_OTHER_TEXT)).toEqual({
      ask: false,
    });
    expect(decideCall(call, { ...none, readOnly: 'pointed-sites' }, pointedAtNews)).toEqual({
      ask: true,
      why: expect.stringContaining('only on sites you pointed the chat at'),
    });
    const onNews = { tool: readPage, origin: NEWS };
    expect(decideCall(onNews, { ...none, readOnly: 'pointed-sites' }, pointedAtNews)).toEqual({
      ask: false,
    });
  });

  it('names where a browser grant holds when it does not hold here', () => {
    const verdict = decideCall(
      { tool: readPage, origin: 'https://other.example' },
      { ...none, allowedOn: [NEWS] },
      NO_OTHER_TEXT,
    );
    expect(verdict).toEqual({
      ask: true,
      why: `You always allowed this tool on ${NEWS}, not on https://other.example, so Patchbay asks again.`,
    });
  });

  it('reads the chat’s settings as grants: the browser’s read-only switch holds on pointed sites', () => {
    const settings = setReadOnlyWithoutAsking(
      setReadOnlyWithoutAsking(allowAlways({}, post), 'browser', true),
      'notion',
      true,
    );
    expect(chatGrants(post, settings, undefined)).toEqual({
      allowedAlways: true,
      readOnly: false,
    });
    expect(chatGrants(search, settings, undefined)).toMatchObject({ readOnly: 'anywhere' });
    expect(chatGrants(readPage, settings, NEWS)).toEqual({
      allowedAlways: false,
      readOnly: 'pointed-sites',
    });
  });
});
