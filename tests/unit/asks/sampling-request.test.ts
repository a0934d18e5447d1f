import { describe, expect, it } from 'vitest';
import { contentBlocks, textOf } from '../../../src/asks/sampling-content';
import {
  modelHints,
  parseMaxTokens,
  requestedMaxTokens,
  samplingSettings,
  type SamplingRequestView,
} from '../../../src/asks/sampling-request';

const request = (overrides: Partial<SamplingRequestView> = {}): SamplingRequestView => ({
  messages: [],
  maxTokens: 200,
  ...overrides,
});

describe('a sampling request read for the card', () => {
  it('takes the requested length as a whole number of at least 1', () => {
    expect(requestedMaxTokens(request({ maxTokens: 200.7 }))).toBe(200);
    expect(requestedMaxTokens(request({ maxTokens: 0 }))).toBe(1);
    expect(requestedMaxTokens(request({ maxTokens: Number.NaN }))).toBe(1);
  });

  it('accepts a typed length only as a whole number from 1 to the requested one', () => {
    expect(parseMaxTokens(' 150 ', 200)).toBe(150);
    expect(parseMaxTokens('200', 200)).toBe(200);
    for (const typed of ['', '  ', '0', '201', '1.5', 'ten']) {
      expect(parseMaxTokens(typed, 200)).toBeUndefined();
    }
  });

  it('keeps up to five named model hints', () => {
    const hints = ['a', '', ' ', 'b', 'c', 'd', 'e', 'f'].map((name) => ({ name }));
    expect(modelHints(request({ modelPreferences: { hints: [...hints, {}] } }))).toEqual([
      'a',
      'b',
      'c',
      'd',
      'e',
    ]);
  });

  it('names temperature, stop sequences and asked-for context, and nothing else', () => {
    expect(
      samplingSettings(
        request({ temperature: 0.2, stopSequences: ['END'], includeContext: 'allServers' }),
      ),
    ).toEqual(['Temperature 0.2', 'Stops at “END”', 'Asks to include context from all servers']);
    expect(samplingSettings(request({ stopSequences: [], includeContext: 'none' }))).toEqual([]);
  });
});

describe('sampling message content', () => {
  it('joins text blocks and shows only inline base64 images', () => {
    const blocks = contentBlocks([
      { type: 'text', text: 'one' },
      { type: 'image', mimeType: 'image/png', data: 'AAAA' },
      { type: 'image', mimeType: 'image/png', data: 'https://example.com/x.png' },
      { type: 'text', text: 'two' },
    ]);
    expect(blocks.map((block) => block.kind)).toEqual(['text', 'image', 'other', 'text']);
    expect(blocks[1]).toMatchObject({ src: 'data:image/png;base64,AAAA' });
    expect(textOf(blocks)).toBe('one\n\ntwo');
  });

  it('describes audio, unknown and malformed content instead of showing it', () => {
    expect(contentBlocks({ type: 'audio', mimeType: 'audio/wav' })).toEqual([
      { kind: 'other', description: 'An audio clip (audio/wav), not played here.' },
    ]);
    expect(contentBlocks('plain')).toEqual([
      { kind: 'other', description: 'Content Patchbay cannot show.' },
    ]);
    expect(contentBlocks({ type: 'resource' })).toEqual([
      { kind: 'other', description: 'Content of type “resource”, not shown.' },
    ]);
  });
});
