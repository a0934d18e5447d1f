import { describe, expect, it } from 'vitest';
import { normalizeToolSchema, prepareToolSchema } from '../../../src/model-tools/tool-schema';

type Schema = Record<string, unknown>;

/** A schema whose `leaf` sits `depth` levels below the root, reached through `wrap` each level. */
function nested(wrap: (inner: Schema) => Schema, depth: number, leaf: Schema): Schema {
  let node = leaf;
  for (let level = depth; level > 1; level -= 1) node = wrap(node);
  return { type: 'object', properties: { x: node } };
}

describe('tool schema preparation', () => {
  it.each<[string, unknown, Schema, boolean]>([
    ['no schema at all', undefined, { type: 'object', properties: {} }, false],
    [
      'a schema with nothing but its dialect',
      { $schema: 'https://json-schema.org/draft/2020-12/schema' },
      { type: 'object', properties: {} },
      false,
    ],
    [
      'a scalar root, wrapped as the one argument',
      { type: 'string' },
      {
        type: 'object',
        properties: { input: { type: 'string' } },
        required: ['input'],
        additionalProperties: false,
      },
      true,
    ],
    [
      'properties without a type, as an object',
      { properties: { city: { type: 'string' } } },
      { type: 'object', properties: { city: { type: 'string' } } },
      false,
    ],
    [
      'a union root, wrapped as the one argument',
      { anyOf: [{ type: 'string' }, { type: 'number' }] },
      {
        type: 'object',
        properties: { input: { anyOf: [{ type: 'string' }, { type: 'number' }] } },
        required: ['input'],
        additionalProperties: false,
      },
      true,
    ],
    [
      'an array root that also lists properties (ignored for arrays), wrapped',
      { type: 'array', items: { type: 'string' }, properties: { a: {} } },
      {
        type: 'object',
        properties: {
          input: { type: 'array', items: { type: 'string' }, properties: { a: {} } },
        },
        required: ['input'],
        additionalProperties: false,
      },
      true,
    ],
    [
      'properties: null, as no properties',
      { type: 'object', properties: null },
      { type: 'object', properties: {} },
      false,
    ],
    [
      'required names that are not properties or not strings, dropped',
      { type: 'object', properties: { '7': {}, city: {} }, required: [7, 'city', 'ghost'] },
      { type: 'object', properties: { '7': {}, city: {} }, required: ['city'] },
      false,
    ],
  ])('offers %s', (_name, schema, expected, wrapped) => {
    expect(prepareToolSchema(schema)).toEqual({ schema: expected, wrapped });
  });

  it.each<[string, unknown, unknown]>([
    ['a string where a schema belongs', 'string', {}],
    ['an array where a schema belongs', [{ type: 'string' }], {}],
    ['a null schema', null, {}],
    ['a true schema', true, {}],
    ['a false schema', false, { not: {} }],
    [
      'a true schema inside a union',
      { anyOf: [true, { type: 'string' }] },
      { anyOf: [{}, { type: 'string' }] },
    ],
    ['a true schema under not', { not: true }, { not: {} }],
    [
      'an array schema under additionalProperties',
      { additionalProperties: { type: 'array' } },
      { additionalProperties: { type: 'array', items: {} } },
    ],
    [
      'additionalProperties: true, kept',
      { additionalProperties: true },
      { additionalProperties: true },
    ],
    [
      'tuple items',
      { type: 'array', items: [true, { type: 'array' }] },
      { type: 'array', items: [{}, { type: 'array', items: {} }] },
    ],
    [
      'an array that names its items',
      { type: 'array', items: { type: 'string' } },
      { type: 'array', items: { type: 'string' } },
    ],
    [
      'a string, given no items',
      { type: 'string', format: 'email' },
      { type: 'string', format: 'email' },
    ],
  ])('normalizes %s', (_name, property, expected) => {
    expect(normalizeToolSchema({ type: 'object', properties: { p: property } })).toEqual({
      type: 'object',
      properties: { p: expected },
    });
  });

  it.each<[string, (inner: Schema) => Schema]>([
    ['properties', (inner) => ({ type: 'object', properties: { y: inner } })],
    ['anyOf', (inner) => ({ anyOf: [inner] })],
    ['items', (inner) => ({ type: 'array', items: inner })],
    ['tuple items', (inner) => ({ type: 'array', items: [inner] })],
  ])('keeps schemas nested through %s down to 64 levels, and no deeper', (_name, wrap) => {
    const leaf = { type: 'string', description: 'deep' };
    expect(normalizeToolSchema(nested(wrap, 64, leaf))).toEqual(nested(wrap, 64, leaf));
    expect(normalizeToolSchema(nested(wrap, 65, leaf))).toEqual(nested(wrap, 65, {}));
  });
});
