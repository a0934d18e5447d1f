import { describe, expect, it } from 'vitest';
import {
  describeForm,
  describeSchema,
  type FormField,
  type RequestedSchema,
} from '../../../src/asks/elicitation-form';
import {
  describeConstraints,
  initialValues,
  toContent,
  validate,
} from '../../../src/asks/form-values';
import { isSecretLike } from '../../../src/asks/secret-field';
import { describeUrlRequest } from '../../../src/asks/url-request';

/** A one-property schema; cast because several cases are deliberately outside the spec. */
function schemaOf(property: unknown, required: string[] = []): RequestedSchema {
  return { type: 'object', properties: { answer: property }, required } as RequestedSchema;
}

function fieldOf(property: unknown, required: string[] = []): FormField {
  const [field] = describeForm(schemaOf(property, required));
  if (!field) throw new Error('The property was skipped.');
  return field;
}

describe('describeForm', () => {
  it.each([
    ['a plain string', { type: 'string' }, 'text'],
    ['an email', { type: 'string', format: 'email' }, 'email'],
    ['a URI', { type: 'string', format: 'uri' }, 'url'],
    ['a date', { type: 'string', format: 'date' }, 'date'],
    ['a date-time', { type: 'string', format: 'date-time' }, 'datetime'],
    ['a number', { type: 'number' }, 'number'],
    ['an integer', { type: 'integer' }, 'integer'],
    ['a boolean', { type: 'boolean' }, 'boolean'],
    ['an untitled enum', { type: 'string', enum: ['a', 'b'] }, 'select'],
    ['a titled enum', { type: 'string', oneOf: [{ const: 'a', title: 'A' }] }, 'select'],
    ['a legacy titled enum', { type: 'string', enum: ['a'], enumNames: ['A'] }, 'select'],
    [
      'an untitled multi-select',
      { type: 'array', items: { type: 'string', enum: ['a', 'b'] } },
      'multiselect',
    ],
    [
      'a titled multi-select',
      { type: 'array', items: { anyOf: [{ const: 'a', title: 'A' }] } },
      'multiselect',
    ],
    ['a nullable integer', { type: ['integer', 'null'] }, 'integer'],
  ])('reads %s as a %s field', (_, property, kind) => {
    expect(fieldOf(property).kind).toBe(kind);
  });

  it('keeps the order, labels, descriptions, required flags and constraints', () => {
    const fields = describeForm({
      type: 'object',
      properties: {
        name: { type: 'string', title: 'Your name', minLength: 2, maxLength: 40 },
        age: { type: 'integer', description: 'In years', minimum: 0, maximum: 150 },
        tags: {
          type: 'array',
          items: { type: 'string', enum: ['x', 'y', 'z'] },
          minItems: 1,
          maxItems: 2,
        },
      },
      required: ['age'],
    });
    expect(fields).toEqual([
      {
        name: 'name',
        kind: 'text',
        label: 'Your name',
        required: false,
        constraints: { minLength: 2, maxLength: 40 },
        secretLike: false,
      },
      {
        name: 'age',
        kind: 'integer',
        label: 'age',
        description: 'In years',
        required: true,
        constraints: { minimum: 0, maximum: 150 },
        secretLike: false,
      },
      {
        name: 'tags',
        kind: 'multiselect',
        label: 'tags',
        required: false,
        constraints: { minItems: 1, maxItems: 2 },
        options: [
          { value: 'x', label: 'x' },
          { value: 'y', label: 'y' },
          { value: 'z', label: 'z' },
        ],
        secretLike: false,
      },
    ]);
  });

  it.each([
    ['untitled', { type: 'string', enum: ['r', 'g'] }, ['r', 'g']],
    [
      'titled',
      {
        type: 'string',
        oneOf: [
          { const: 'r', title: 'Red' },
          { const: 'g', title: 'Green' },
        ],
      },
      ['Red', 'Green'],
    ],
    [
      'legacy titled',
      { type: 'string', enum: ['r', 'g'], enumNames: ['Red', 'Green'] },
      ['Red', 'Green'],
    ],
    [
      'multi-select titled',
      {
        type: 'array',
        items: {
          anyOf: [
            { const: 'r', title: 'Red' },
            { const: 'g', title: 'Green' },
          ],
        },
      },
      ['Red', 'Green'],
    ],
  ])('labels the options of an %s enum', (_, property, labels) => {
    const field = fieldOf(property);
    expect(field.options?.map((option) => option.value)).toEqual(['r', 'g']);
    expect(field.options?.map((option) => option.label)).toEqual(labels);
  });

  it('shows what it can of a schema with unusable properties and says what it skipped', () => {
    const { fields, skipped } = describeSchema({
      type: 'object',
      properties: {
        good: { type: 'string' },
        nested: { type: 'object', properties: {} },
        junk: 42,
        list: { type: 'array', items: { type: 'object' } },
        loose: { description: 'No type at all' },
        phone: { type: 'string', format: 'phone' },
      },
    } as unknown as RequestedSchema);
    expect(fields.map((field) => [field.name, field.kind])).toEqual([
      ['good', 'text'],
      ['loose', 'text'],
      ['phone', 'text'],
    ]);
    expect(fields[1]?.note).toMatch(/sent as text/);
    expect(fields[2]?.note).toMatch(/“phone”/);
    expect(skipped.map((property) => property.name)).toEqual(['nested', 'junk', 'list']);
  });

  it.each([
    ['nothing', undefined],
    ['a string', 'nope'],
    ['an object without properties', { type: 'object' }],
  ])('returns no fields for %s, which is not a schema at all', (_name, schema) => {
    expect(describeForm(schema as unknown as RequestedSchema)).toEqual([]);
  });

  it('skips a property named __proto__ instead of letting it reach the values', () => {
    const schema = JSON.parse(
      '{"type":"object","properties":{"__proto__":{"type":"string"},"ok":{"type":"string"}}}',
    ) as RequestedSchema;
    const { fields, skipped } = describeSchema(schema);
    expect(fields.map((field) => field.name)).toEqual(['ok']);
    expect(skipped.map((property) => property.name)).toEqual(['__proto__']);
  });
});

describe('SEP-1034 defaults', () => {
  it.each([
    ['a string', { type: 'string', default: 'Ada' }, 'Ada'],
    ['an email', { type: 'string', format: 'email', default: 'a@b.co' }, 'a@b.co'],
    ['a number', { type: 'number', default: 2.5 }, '2.5'],
    ['an integer', { type: 'integer', default: 3 }, '3'],
    ['a true boolean', { type: 'boolean', default: true }, true],
    ['a false boolean', { type: 'boolean', default: false }, false],
    ['an enum', { type: 'string', enum: ['a', 'b'], default: 'b' }, 'b'],
    ['a titled enum', { type: 'string', oneOf: [{ const: 'a', title: 'A' }], default: 'a' }, 'a'],
    [
      'a multi-select',
      { type: 'array', items: { type: 'string', enum: ['a', 'b', 'c'] }, default: ['a', 'c'] },
      ['a', 'c'],
    ],
  ])('starts %s with its default', (_, property, expected) => {
    expect(initialValues([fieldOf(property)])).toEqual({ answer: expected });
  });

  it.each([
    ['a boolean without a default', { type: 'boolean' }],
    [
      'an enum default that is not one of the choices',
      { type: 'string', enum: ['a'], default: 'z' },
    ],
    ['a number default that is not a number', { type: 'number', default: 'ten' }],
    ['a boolean default that is not a boolean', { type: 'boolean', default: 'yes' }],
  ])('leaves %s unset', (_, property) => {
    expect(initialValues([fieldOf(property)])).toEqual({});
  });

  it('keeps only the multi-select defaults that are choices', () => {
    const field = fieldOf({
      type: 'array',
      items: { type: 'string', enum: ['a', 'b'] },
      default: ['a', 'zzz'],
    });
    expect(initialValues([field])).toEqual({ answer: ['a'] });
  });

  it('shows a date-time default in local time and sends it back as the same instant', () => {
    const field = fieldOf({ type: 'string', format: 'date-time', default: '2025-03-04T05:06:00Z' });
    const values = initialValues([field]);
    expect(values.answer).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
    expect(toContent([field], values)).toEqual({ answer: '2025-03-04T05:06:00.000Z' });
  });
});

describe('validate', () => {
  it.each([
    ['a missing required text', { type: 'string' }, '', 'Required.'],
    ['a blank required text', { type: 'string' }, '   ', 'Required.'],
    ['a missing required number', { type: 'number' }, undefined, 'Required.'],
    ['a missing required choice', { type: 'string', enum: ['a'] }, '', 'Required.'],
    ['too short', { type: 'string', minLength: 3 }, 'ab', 'Enter at least 3 characters.'],
    ['too long', { type: 'string', maxLength: 1 }, 'ab', 'Enter at most 1 character.'],
    [
      'out of a length range',
      { type: 'string', minLength: 2, maxLength: 4 },
      'abcdef',
      'Enter between 2 and 4 characters.',
    ],
    [
      'below a range',
      { type: 'number', minimum: 1, maximum: 10 },
      '0',
      'Enter a number between 1 and 10.',
    ],
    [
      'above a range',
      { type: 'number', minimum: 1, maximum: 10 },
      '11',
      'Enter a number between 1 and 10.',
    ],
    ['below a minimum', { type: 'number', minimum: 5 }, '4', 'Enter a number of at least 5.'],
    ['above a maximum', { type: 'number', maximum: 5 }, '6', 'Enter a number of at most 5.'],
    ['not a number', { type: 'number' }, 'ten', 'Enter a number.'],
    ['a fraction for an integer', { type: 'integer' }, '1.5', 'Enter a whole number.'],
    [
      'a fraction for a ranged integer',
      { type: 'integer', minimum: 1, maximum: 3 },
      '2.5',
      'Enter a whole number between 1 and 3.',
    ],
    [
      'a malformed email',
      { type: 'string', format: 'email' },
      'ada@',
      'This is not an email address.',
    ],
    [
      'a relative URL',
      { type: 'string', format: 'uri' },
      'example.com/page',
      'This is not a full address, like https://example.com.',
    ],
    [
      'an impossible date',
      { type: 'string', format: 'date' },
      '2025-02-30',
      'Enter a date, like 2025-12-31.',
    ],
    [
      'a date without a time',
      { type: 'string', format: 'date-time' },
      '2025-02-03',
      'Enter a date and a time, like 2025-12-31 18:30.',
    ],
    [
      'a value outside the enum',
      { type: 'string', enum: ['a', 'b'] },
      'c',
      'Choose one of the options.',
    ],
    [
      'too few choices',
      { type: 'array', items: { type: 'string', enum: ['a', 'b', 'c'] }, minItems: 2 },
      ['a'],
      'Choose at least 2.',
    ],
    [
      'too many choices',
      { type: 'array', items: { type: 'string', enum: ['a', 'b', 'c'] }, maxItems: 1 },
      ['a', 'b'],
      'Choose at most 1.',
    ],
    [
      'a choice outside the list',
      { type: 'array', items: { type: 'string', enum: ['a'] } },
      ['a', 'evil'],
      'Choose only from the options.',
    ],
  ])('rejects %s', (_, property, value, message) => {
    const field = fieldOf(property, ['answer']);
    expect(validate([field], value === undefined ? {} : { answer: value })).toEqual({
      answer: message,
    });
  });

  it.each([
    ['an empty optional text with a minimum length', { type: 'string', minLength: 3 }, ''],
    ['an emoji counted as one character', { type: 'string', maxLength: 1 }, '🎉'],
    ['a number at the edge of its range', { type: 'number', minimum: 1, maximum: 10 }, '10'],
    ['a whole number written with a point', { type: 'integer' }, '2.0'],
    ['an email', { type: 'string', format: 'email' }, 'ada@example.com'],
    ['a URL', { type: 'string', format: 'uri' }, 'https://example.com/a?b=c'],
    ['a leap day', { type: 'string', format: 'date' }, '2024-02-29'],
    ['a local date-time', { type: 'string', format: 'date-time' }, '2025-12-31T18:30'],
    ['an RFC 3339 date-time', { type: 'string', format: 'date-time' }, '2025-12-31T18:30:00Z'],
    ['an untouched optional boolean', { type: 'boolean' }, undefined],
    ['an empty optional choice', { type: 'string', enum: ['a'] }, ''],
  ])('accepts %s', (_, property, value) => {
    const field = fieldOf(property);
    expect(validate([field], value === undefined ? {} : { answer: value })).toEqual({});
  });

  it('does not ask for a required boolean the person left unchecked: it is a "no"', () => {
    expect(validate([fieldOf({ type: 'boolean' }, ['answer'])], {})).toEqual({});
  });
});

describe('toContent', () => {
  const fields = describeForm({
    type: 'object',
    properties: {
      name: { type: 'string' },
      email: { type: 'string', format: 'email' },
      count: { type: 'integer' },
      ratio: { type: 'number' },
      subscribe: { type: 'boolean' },
      agree: { type: 'boolean' },
      color: { type: 'string', enum: ['red', 'blue'] },
      tags: { type: 'array', items: { type: 'string', enum: ['a', 'b'] } },
      nickname: { type: 'string' },
      extras: { type: 'array', items: { type: 'string', enum: ['x'] } },
      optionalNumber: { type: 'number' },
      optionalFlag: { type: 'boolean' },
    },
    required: ['name', 'count', 'agree'],
  });

  it('sends typed values and leaves out the optional fields left empty', () => {
    expect(
      toContent(fields, {
        name: ' Ada ',
        email: ' ada@example.com ',
        count: '3',
        ratio: '0.25',
        subscribe: false,
        color: 'blue',
        tags: ['a', 'b'],
        nickname: '',
        extras: [],
        optionalNumber: '  ',
      }),
    ).toEqual({
      name: ' Ada ',
      email: 'ada@example.com',
      count: 3,
      ratio: 0.25,
      subscribe: false,
      agree: false,
      color: 'blue',
      tags: ['a', 'b'],
    });
  });

  it('sends an empty list when the person cleared a default, so the server does not assume it', () => {
    const [field] = describeForm(
      schemaOf({ type: 'array', items: { type: 'string', enum: ['a'] }, default: ['a'] }),
    );
    expect(toContent([field!], { answer: [] })).toEqual({ answer: [] });
  });
});

describe('describeConstraints', () => {
  it.each([
    [{ type: 'string', minLength: 2, maxLength: 8 }, '2 to 8 characters'],
    [{ type: 'string', maxLength: 8 }, 'At most 8 characters'],
    [{ type: 'number', minimum: 1 }, 'At least 1'],
    [{ type: 'integer', minimum: 1, maximum: 5 }, 'Whole number, 1 to 5'],
    [
      { type: 'array', items: { type: 'string', enum: ['a', 'b'] }, minItems: 2, maxItems: 2 },
      'Choose exactly 2',
    ],
    [{ type: 'string' }, undefined],
  ])('hints %j as %s', (property, hint) => {
    expect(describeConstraints(fieldOf(property))).toBe(hint);
  });
});

describe('secret-like fields', () => {
  it.each([
    [{ name: 'password' }],
    [{ name: 'userPassword' }],
    [{ name: 'passphrase' }],
    [{ name: 'client_secret' }],
    [{ name: 'apiKey' }],
    [{ name: 'API_KEY' }],
    [{ name: 'apikey' }],
    [{ name: 'github_token' }],
    [{ name: 'accessToken' }],
    [{ name: 'value', title: 'Your API key' }],
    [{ name: 'value', description: 'Paste your private key here' }],
    [{ name: 'pin' }],
    [{ name: 'code', title: 'PIN' }],
    [{ name: 'code', description: 'The one-time code we sent you' }],
    [{ name: 'otp' }],
    [{ name: 'cc', title: 'Credit card' }],
    [{ name: 'cardNumber' }],
    [{ name: 'cvv' }],
    [{ name: 'ssn' }],
    [{ name: 'value', format: 'password' }],
  ])('warns about %j', (property) => {
    expect(isSecretLike(property)).toBe(true);
  });

  it.each([
    [{ name: 'email' }],
    [{ name: 'username' }],
    [{ name: 'maxTokens', description: 'How many tokens the summary may use' }],
    [{ name: 'limit', title: 'Token count' }],
    [{ name: 'pinned', description: 'Whether to pin the message' }],
    [{ name: 'spinner' }],
    [{ name: 'description', description: 'What the ticket is about' }],
    [{ name: 'passenger' }],
  ])('does not warn about %j', (property) => {
    expect(isSecretLike(property)).toBe(false);
  });

  it.each<[string, Parameters<typeof fieldOf>[0], boolean]>([
    ['a text field', { type: 'string', title: 'Password' }, true],
    ['a number field', { type: 'integer', title: 'PIN' }, true],
    ['not a checkbox', { type: 'boolean', title: 'Remember password' }, false],
    ['not an email field', { type: 'string', format: 'email', title: 'Token email' }, false],
  ])('marks a field only where a secret could be typed in: %s', (_name, property, marked) => {
    expect(fieldOf(property).secretLike).toBe(marked);
  });
});

describe('describeUrlRequest', () => {
  it.each([
    ['https://accounts.example.com/connect?state=1', 'accounts.example.com'],
    ['https://example.com:8443/x', 'example.com:8443'],
    ['http://localhost:3000/callback', 'localhost:3000'],
    ['http://127.0.0.1/x', '127.0.0.1'],
    // A look-alike name shows as punycode, as the browser's address bar would.
    ['https://аpple.com/', 'xn--pple-43d.com'],
  ])('opens %s, showing %s', (url, host) => {
    const described = describeUrlRequest(url);
    expect(described).toMatchObject({ ok: true, host });
  });

  it('gives the origin and the normalized URL', () => {
    expect(describeUrlRequest('HTTPS://Example.COM/a b')).toEqual({
      ok: true,
      host: 'example.com',
      origin: 'https://example.com',
      url: 'https://example.com/a%20b',
    });
  });

  it.each([
    ['javascript:alert(1)', /javascript:/],
    ['data:text/html,<script>alert(1)</script>', /data:/],
    ['file:///etc/passwd', /file:/],
    ['chrome://settings', /chrome:/],
    ['chrome-extension://abc/page.html', /chrome-extension:/],
    ['http://example.com/login', /not secure/],
    ['https://accounts.example.com@evil.example/', /user name/],
    ['not a url', /not a web address/],
    ['', /not a web address/],
  ])('refuses %s', (url, reason) => {
    const described = describeUrlRequest(url);
    expect(described.ok).toBe(false);
    if (!described.ok) expect(described.reason).toMatch(reason);
  });
});
