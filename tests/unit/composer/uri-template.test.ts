import { describe, expect, it } from 'vitest';
import {
  expandTemplate,
  optionalTemplateVariables,
  templateVariables,
} from '../../../src/composer/uri-template';

// The variables of RFC 6570 section 3.2, which its examples below expand.
const values: Record<string, string> = {
  var: 'value',
  hello: 'Hello World!',
  half: '50%',
  empty: '',
  path: '/foo/bar',
  x: '1024',
  y: '768',
  base: 'http://example.com/home/',
};

describe('expandTemplate (RFC 6570 examples)', () => {
  it.each([
    // Level 1: simple strings, everything but unreserved encoded.
    ['{var}', 'value'],
    ['{hello}', 'Hello%20World%21'],
    ['{half}', '50%25'],
    ['O{empty}X', 'OX'],
    ['O{undef}X', 'OX'],
    // Level 2: reserved (+) and fragment (#) keep reserved characters.
    ['{+var}', 'value'],
    ['{+hello}', 'Hello%20World!'],
    ['{+half}', '50%25'],
    ['{+path}/here', '/foo/bar/here'],
    ['here?ref={+path}', 'here?ref=/foo/bar'],
    ['{base}index', 'http%3A%2F%2Fexample.com%2Fhome%2Findex'],
    ['{+base}index', 'http://example.com/home/index'],
    ['X{#var}', 'X#value'],
    ['X{#hello}', 'X#Hello%20World!'],
    // Level 3: several variables and the remaining operators.
    ['map?{x,y}', 'map?1024,768'],
    ['{x,hello,y}', '1024,Hello%20World%21,768'],
    ['?{x,empty}', '?1024,'],
    ['?{x,undef}', '?1024'],
    ['?{undef,y}', '?768'],
    ['{+x,hello,y}', '1024,Hello%20World!,768'],
    ['{+path,x}/here', '/foo/bar,1024/here'],
    ['{#x,hello,y}', '#1024,Hello%20World!,768'],
    ['{#path,x}/here', '#/foo/bar,1024/here'],
    ['X{.var}', 'X.value'],
    ['X{.x,y}', 'X.1024.768'],
    ['X{.empty}', 'X.'],
    ['X{.undef}', 'X'],
    ['{/var}', '/value'],
    ['{/var,x}/here', '/value/1024/here'],
    ['{/var,empty}', '/value/'],
    ['{/var,undef}', '/value'],
    ['{;x,y}', ';x=1024;y=768'],
    ['{;x,y,empty}', ';x=1024;y=768;empty'],
    ['{?x,y}', '?x=1024&y=768'],
    ['{?x,y,empty}', '?x=1024&y=768&empty='],
    ['{?undef}', ''],
    ['?fixed=yes{&x}', '?fixed=yes&x=1024'],
    ['{&x,y,empty}', '&x=1024&y=768&empty='],
    // Level 4 prefix, which servers use for sharded paths.
    ['{var:3}', 'val'],
    ['{var:30}', 'value'],
    ['{+path:6}/here', '/foo/b/here'],
  ])('%s → %s', (template, expected) => {
    expect(expandTemplate(template, values)).toBe(expected);
  });

  it.each([
    ['search{?q}', 'search?q=a%20b%2Fc%3Fd%21'],
    ['files/{name}', 'files/caf%C3%A9%20%E2%98%95'],
    ['{+name}', 'caf%C3%A9%20%E2%98%95'],
    ['{#emoji}', '#%F0%9F%98%80'],
    ['{/q}', '/a%20b%2Fc%3Fd%21'],
  ])(
    'encodes spaces, slashes, question marks and unicode as UTF-8: %s → %s',
    (template, expected) => {
      expect(expandTemplate(template, { q: 'a b/c?d!', name: 'café ☕', emoji: '😀' })).toBe(
        expected,
      );
    },
  );

  it('keeps a percent-encoded triplet only where reserved characters are allowed', () => {
    expect(expandTemplate('{+v}', { v: '%41b%zz' })).toBe('%41b%25zz');
    expect(expandTemplate('{v}', { v: '%41' })).toBe('%2541');
  });

  it('keeps literal text, encoding only what a uri cannot hold', () => {
    expect(expandTemplate('file:///notes/{name}.md', { name: 'to do' })).toBe(
      'file:///notes/to%20do.md',
    );
    expect(expandTemplate('a b{', {})).toBe('a%20b%7B');
  });
});

describe('templateVariables', () => {
  it('lists each variable once, in order, without operators or modifiers', () => {
    expect(templateVariables('github://{owner}/{repo}/issues{?state,labels}{&owner}')).toEqual([
      'owner',
      'repo',
      'state',
      'labels',
    ]);
    expect(templateVariables('{+path}{#section}X{.ext}{/a,b}{;c}{var:3}{list*}')).toEqual([
      'path',
      'section',
      'ext',
      'a',
      'b',
      'c',
      'var',
      'list',
    ]);
    expect(templateVariables('file:///fixed')).toEqual([]);
  });

  it('treats query-only variables as optional', () => {
    expect([...optionalTemplateVariables('x/{id}{?page,id}{&sort}')]).toEqual(['page', 'sort']);
  });
});
