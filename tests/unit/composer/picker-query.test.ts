import { describe, expect, it } from 'vitest';
import {
  detectTrigger,
  insertTrigger,
  limitGroups,
  matchRank,
  rankItems,
  removeTrigger,
} from '../../../src/composer/picker-query';

describe('detectTrigger', () => {
  it('opens the resource picker for "@" at the start or after whitespace', () => {
    expect(detectTrigger('@', 1)).toEqual({ kind: 'resources', query: '', start: 0, end: 1 });
    expect(detectTrigger('see @not', 8)).toEqual({
      kind: 'resources',
      query: 'not',
      start: 4,
      end: 8,
    });
    expect(detectTrigger('line\n@x', 7)).toMatchObject({ kind: 'resources', query: 'x' });
  });

  it('ignores "@" inside a word, such as an email address', () => {
    expect(detectTrigger('mail me@example.com', 19)).toBeUndefined();
  });

  it('closes once the word ends', () => {
    expect(detectTrigger('@notes ', 7)).toBeUndefined();
  });

  it('uses the text up to the caret as the query and the whole word as the range', () => {
    expect(detectTrigger('x @notes y', 5)).toEqual({
      kind: 'resources',
      query: 'no',
      start: 2,
      end: 8,
    });
  });

  it.each([
    ['/', 1, { kind: 'prompts', query: '', start: 0, end: 1 }],
    ['/summ', 5, { kind: 'prompts', query: 'summ', start: 0, end: 5 }],
    ['a /summ', 7, undefined],
    ['/etc/hosts is', 13, undefined],
  ])('opens the prompt picker only for "/" as the first character: %j', (text, caret, trigger) => {
    expect(detectTrigger(text, caret)).toEqual(trigger);
  });

  it('needs the caret after the trigger character', () => {
    expect(detectTrigger('@x', 0)).toBeUndefined();
    expect(detectTrigger('', 0)).toBeUndefined();
  });
});

describe('removeTrigger', () => {
  it.each([
    ['see @notes here', 4, 10, 'see here', 4],
    ['@notes', 0, 6, '', 0],
    ['@notes here', 0, 6, 'here', 0],
    ['look at @no', 8, 11, 'look at ', 8],
  ])(
    'takes the word out of %j with one of the spaces around it',
    (text, start, end, left, caret) => {
      expect(removeTrigger(text, { start, end })).toEqual({ text: left, caret });
    },
  );
});

describe('ranking', () => {
  const items = [
    { name: 'readme', title: 'Project README', uri: 'file:///readme.md' },
    { name: 'notes', uri: 'file:///docs/notes.md' },
    { name: 'plan', title: 'Release notes', uri: 'file:///plan.md' },
    { name: 'other', uri: 'mem://notes-archive' },
    { name: 'unrelated', uri: 'file:///x' },
  ];
  const fields = (item: (typeof items)[number]) => ({
    names: [item.title, item.name],
    extra: [item.uri],
  });

  it('puts name prefixes first, then names containing it, then uris, case-insensitively', () => {
    expect(rankItems(items, 'NOTES', fields).map((item) => item.name)).toEqual([
      'notes',
      'plan',
      'other',
    ]);
  });

  it('keeps everything, in order, for an empty query', () => {
    expect(rankItems(items, '', fields)).toEqual(items);
  });

  it.each<[string, Parameters<typeof matchRank>[0], string, number | undefined]>([
    ['a name prefix', { names: ['Project README'] }, 'proj', 0],
    ['a name containing it', { names: ['Project README'] }, 'read', 1],
    ['an extra field containing it', { names: ['x'], extra: ['file:///read'] }, 'read', 2],
    ['no match', { names: ['x'], extra: [undefined] }, 'read', undefined],
  ])('ranks %s', (_name, fields, query, rank) => {
    expect(matchRank(fields, query)).toBe(rank);
  });

  it('cuts two groups to the limit, keeping some rows for the second', () => {
    const many = Array.from({ length: 60 }, (_, index) => index);
    const limited = limitGroups(many, ['a', 'b', 'c'], 50);
    expect(limited.first).toHaveLength(47);
    expect(limited.second).toEqual(['a', 'b', 'c']);
    expect(limited.hidden).toBe(13);
    const few = limitGroups(
      [1, 2],
      Array.from({ length: 70 }, (_, index) => index),
      50,
    );
    expect(few.first).toEqual([1, 2]);
    expect(few.second).toHaveLength(48);
    expect(few.hidden).toBe(22);
    expect(limitGroups([1], [], 50)).toEqual({ first: [1], second: [], hidden: 0 });
  });
});

describe('insertTrigger', () => {
  it.each<[string, string, number, 'resources' | 'prompts', string, number]>([
    ['"@" into an empty box', '', 0, 'resources', '@', 1],
    ['"@" after a word, with a space before it', 'see', 3, 'resources', 'see @', 5],
    ['"@" after a space', 'see ', 4, 'resources', 'see @', 5],
    ['"@" before a word, with a space after it', 'notes', 0, 'resources', '@ notes', 1],
    ['"@" between two words', 'see here', 3, 'resources', 'see @ here', 5],
    ['"/" into an empty box', '', 0, 'prompts', '/', 1],
    ['"/" before what is typed', 'hello', 5, 'prompts', '/ hello', 1],
    ['"/" before text that starts with a space', ' hello', 2, 'prompts', '/ hello', 1],
  ])('puts %s', (_name, text, caret, kind, expected, expectedCaret) => {
    expect(insertTrigger(text, caret, kind)).toEqual({ text: expected, caret: expectedCaret });
  });

  it.each<[string, number, 'resources' | 'prompts']>([
    ['', 0, 'resources'],
    ['see here', 3, 'resources'],
    ['word', 4, 'resources'],
    ['', 0, 'prompts'],
    ['already typed', 6, 'prompts'],
  ])('opens its picker with an empty query in %j at %i', (text, caret, kind) => {
    const inserted = insertTrigger(text, caret, kind);
    const trigger = detectTrigger(inserted.text, inserted.caret);
    expect(trigger).toMatchObject({ kind, query: '' });
    // Choosing an item takes out what was put in (a space before the caret may stay).
    expect(removeTrigger(inserted.text, trigger!).text.trim()).toBe(text.trim());
  });
});
