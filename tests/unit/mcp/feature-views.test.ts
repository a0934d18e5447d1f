import type { Prompt, Resource, ResourceTemplateType } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import type {
  PromptView,
  ResourceTemplateView,
  ResourceView,
} from '../../../src/messaging/features-contract';
import { promptView, resourceView, templateView } from '../../../src/mcp/feature-views';
import type { ServerSession } from '../../../src/mcp/session/server-session';

const ICON = 'data:image/png;base64,AAAA';
const icons = [{ src: 'https://docs.example.com/icon.png' }];

/** A session whose icon resolver has ICON at hand for any item with icons, and none otherwise. */
const session = {
  id: 'docs',
  config: { url: 'https://docs.example.com/mcp' },
  context: {
    icons: { peek: (list: unknown[] | undefined) => (list?.length ? ICON : undefined) },
  },
} as unknown as ServerSession;

const long = 'd'.repeat(1_001);

// toStrictEqual: a field the item does not have must be absent, not undefined.
describe('resourceView', () => {
  it.each<[string, Resource, ResourceView]>([
    [
      'a bare resource has only server, name and uri',
      { name: 'readme', uri: 'file:///readme' },
      { serverId: 'docs', name: 'readme', uri: 'file:///readme' },
    ],
    [
      'title, description cut at 1,000 characters, mime type, size 0 and icon are passed on',
      {
        name: 'readme',
        uri: 'file:///readme',
        title: 'Read me',
        description: long,
        mimeType: 'text/plain',
        size: 0,
        icons,
      },
      {
        serverId: 'docs',
        name: 'readme',
        uri: 'file:///readme',
        title: 'Read me',
        description: 'd'.repeat(1_000),
        mimeType: 'text/plain',
        size: 0,
        iconDataUrl: ICON,
      },
    ],
    [
      'a size that is not a number is dropped',
      { name: 'readme', uri: 'file:///readme', size: '12' as unknown as number },
      { serverId: 'docs', name: 'readme', uri: 'file:///readme' },
    ],
  ])('%s', (_name, item, expected) => {
    expect(resourceView(session, item)).toStrictEqual(expected);
  });
});

describe('templateView', () => {
  it.each<[string, ResourceTemplateType, ResourceTemplateView]>([
    [
      'a bare template has only server, name and uri template',
      { name: 'page', uriTemplate: 'file:///{path}' },
      { serverId: 'docs', name: 'page', uriTemplate: 'file:///{path}' },
    ],
    [
      'title, description, mime type and icon are passed on',
      {
        name: 'page',
        uriTemplate: 'file:///{path}',
        title: 'Page',
        description: 'A page.',
        mimeType: 'text/html',
        icons,
      },
      {
        serverId: 'docs',
        name: 'page',
        uriTemplate: 'file:///{path}',
        title: 'Page',
        description: 'A page.',
        mimeType: 'text/html',
        iconDataUrl: ICON,
      },
    ],
  ])('%s', (_name, item, expected) => {
    expect(templateView(session, item)).toStrictEqual(expected);
  });
});

describe('promptView', () => {
  it.each<[string, Prompt, PromptView]>([
    [
      'a prompt without arguments has an empty argument list',
      { name: 'summarize' },
      { serverId: 'docs', name: 'summarize', arguments: [] },
    ],
    [
      'arguments keep description and required only when given',
      {
        name: 'summarize',
        title: 'Summarize',
        description: 'Sums up.',
        icons,
        arguments: [
          { name: 'text' },
          { name: 'style', description: 'How.', required: false },
          { name: 'lang', required: true },
        ],
      },
      {
        serverId: 'docs',
        name: 'summarize',
        title: 'Summarize',
        description: 'Sums up.',
        arguments: [
          { name: 'text' },
          { name: 'style', description: 'How.', required: false },
          { name: 'lang', required: true },
        ],
        iconDataUrl: ICON,
      },
    ],
  ])('%s', (_name, item, expected) => {
    expect(promptView(session, item)).toStrictEqual(expected);
  });
});
