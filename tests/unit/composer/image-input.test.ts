import { describe, expect, it } from 'vitest';
import { acceptsImages } from '../../../src/models/image-models';
import {
  checkImageBytes,
  checkImageFile,
  imageParts,
  MAX_IMAGE_BYTES,
} from '../../../src/composer/image-input';
import { ImageInputError } from '../../../src/errors/image-input-error';

const PNG_HEAD = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const WEBP_HEAD = new Uint8Array([0x52, 0x49, 0x46, 0x46, 1, 2, 3, 4, 0x57, 0x45, 0x42, 0x50]);

function refusal(run: () => unknown): ImageInputError {
  try {
    run();
  } catch (error) {
    if (ImageInputError.isInstance(error)) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('checkImageFile', () => {
  it('accepts PNG, JPEG and WebP up to 5 MB', () => {
    expect(checkImageFile({ name: 'a.png', type: 'image/png', size: 10 })).toBe('image/png');
    expect(checkImageFile({ name: 'a.jpg', type: 'image/jpeg', size: MAX_IMAGE_BYTES })).toBe(
      'image/jpeg',
    );
    expect(checkImageFile({ name: 'a.webp', type: 'image/webp', size: 1 })).toBe('image/webp');
  });

  it('refuses another type, naming it and what is accepted', () => {
    const error = refusal(() => checkImageFile({ name: 'a.gif', type: 'image/gif', size: 10 }));
    expect(error.kind).toBe('type');
    expect(error.message).toBe('a.gif is of type image/gif. Attach a PNG, JPEG or WebP image.');
    expect(refusal(() => checkImageFile({ name: '', type: '', size: 1 })).message).toBe(
      'The pasted file is not an image. Attach a PNG, JPEG or WebP image.',
    );
  });

  it('refuses an image over 5 MB, saying its size', () => {
    const error = refusal(() =>
      checkImageFile({ name: 'big.png', type: 'image/png', size: MAX_IMAGE_BYTES + 1 }),
    );
    expect(error.kind).toBe('size');
    expect(error.message).toBe(
      'big.png is 5.0 MB; images can be at most 5 MB. Attach a smaller one.',
    );
  });
});

describe('checkImageBytes', () => {
  it('accepts the signature of the declared type', () => {
    expect(() => checkImageBytes('a.png', 'image/png', PNG_HEAD)).not.toThrow();
    expect(() => checkImageBytes('a.webp', 'image/webp', WEBP_HEAD)).not.toThrow();
    expect(() =>
      checkImageBytes('a.jpg', 'image/jpeg', new Uint8Array([0xff, 0xd8, 0xff, 0xe0])),
    ).not.toThrow();
  });

  it('refuses a file whose bytes are another format', () => {
    const error = refusal(() => checkImageBytes('fake.png', 'image/png', WEBP_HEAD));
    expect(error.kind).toBe('content');
    expect(error.message).toBe(
      'fake.png is not a valid PNG image. Attach a PNG, JPEG or WebP image.',
    );
  });
});

describe('imageParts', () => {
  it('gives the AI SDK’s file parts with the data URL', () => {
    expect(
      imageParts([
        {
          id: '1',
          name: 'a.png',
          mediaType: 'image/png',
          dataUrl: 'data:image/png;base64,AA',
          size: 1,
        },
      ]),
    ).toEqual([
      { type: 'file', mediaType: 'image/png', filename: 'a.png', url: 'data:image/png;base64,AA' },
    ]);
  });
});

describe('acceptsImages', () => {
  it.each([
    ['openai', 'gpt-4o', true],
    ['openai', 'gpt-4.1-mini', true],
    ['openai', 'gpt-5', true],
    ['openai', 'o3', true],
    ['openai', 'o3-mini', false],
    ['openai', 'gpt-3.5-turbo', false],
    ['anthropic', 'claude-3-5-sonnet-latest', true],
    ['anthropic', 'claude-sonnet-4-5', true],
    ['anthropic', 'claude-2.1', false],
    ['google', 'gemini-2.5-flash', true],
    ['compatible', 'llava:13b', true],
    ['compatible', 'qwen2.5-vl-7b', true],
    ['compatible', 'openai/gpt-4o', true],
    ['compatible', 'llama3.1:8b', false],
    ['chrome', 'gemini-nano', false],
  ] as const)('%s %s: %s', (provider, model, expected) => {
    expect(acceptsImages({ provider, model })).toBe(expected);
  });
});
