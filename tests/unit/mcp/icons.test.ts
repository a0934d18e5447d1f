import { createServer } from 'node:http';
import type { Icon } from '@modelcontextprotocol/client';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  checkDataUrl,
  IconResolver,
  MAX_ICON_BYTES,
  MAX_ITEM_ICON_BYTES,
  pickIcon,
  sameOriginUrl,
} from '../../../src/mcp/icons';

const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

describe('server icons', () => {
  it.each([
    [
      'https://mcp.example.com/icon.png',
      'https://mcp.example.com/mcp',
      'https://mcp.example.com/icon.png',
    ],
    ['/icon.png', 'https://mcp.example.com/mcp', 'https://mcp.example.com/icon.png'],
    ['http://127.0.0.1:8931/i.png', 'http://127.0.0.1:8931/mcp', 'http://127.0.0.1:8931/i.png'],
    ['https://cdn.example.com/icon.png', 'https://mcp.example.com/mcp', undefined],
    ['http://mcp.example.com/icon.png', 'http://mcp.example.com/mcp', undefined],
    ['https://user:pw@mcp.example.com/icon.png', 'https://mcp.example.com/mcp', undefined],
    ['https://user@mcp.example.com/icon.png', 'https://mcp.example.com/mcp', undefined],
    ['https://:pw@mcp.example.com/icon.png', 'https://mcp.example.com/mcp', undefined],
    // Loopback relaxes https to http only, not to any other scheme with an origin.
    ['ws://127.0.0.1:8931/i.png', 'ws://127.0.0.1:8931/mcp', undefined],
    ['javascript:alert(1)', 'https://mcp.example.com/mcp', undefined],
  ])('accepts %s for a server at %s only on its own origin', (source, server, expected) => {
    expect(sameOriginUrl(source, server)).toBe(expected);
  });

  it.each([
    [`data:image/png;base64,${PNG}`, `data:image/png;base64,${PNG}`],
    ['data:image/svg+xml;base64,PHN2Zy8+', 'data:image/svg+xml;base64,PHN2Zy8+'],
    ['data:text/html;base64,PHNjcmlwdD4=', undefined],
    ['data:image/png,notbase64', undefined],
    [`data:image/png;base64,${'A'.repeat(Math.ceil((MAX_ICON_BYTES * 4) / 3) + 8)}`, undefined],
  ])('checks the data URL %#', (source, expected) => {
    expect(checkDataUrl(source)).toBe(expected);
  });

  it('prefers a small light icon of a type it can show', () => {
    expect(
      pickIcon([
        { src: 'a.ico', mimeType: 'image/x-icon' },
        { src: 'dark.png', mimeType: 'image/png', sizes: ['32x32'], theme: 'dark' },
        { src: 'big.png', mimeType: 'image/png', sizes: ['512x512'] },
        { src: 'small.png', mimeType: 'image/png', sizes: ['32x32'] },
      ])?.src,
    ).toBe('small.png');
  });

  it('fetches an icon once, without credentials or redirects, and refuses what is not an image', async () => {
    const fetchImpl = vi.fn(async (input: string | URL | Request, _init?: RequestInit) =>
      String(input).endsWith('page.html')
        ? new Response('<html>', { headers: { 'content-type': 'text/html' } })
        : new Response(
            Uint8Array.from(atob(PNG), (character) => character.charCodeAt(0)),
            {
              headers: { 'content-type': 'image/png' },
            },
          ),
    );
    const resolver = new IconResolver(fetchImpl);
    const server = 'https://mcp.example.com/mcp';
    const icon = [{ src: '/icon.png' }];
    await expect(resolver.resolve(icon, server)).resolves.toBe(`data:image/png;base64,${PNG}`);
    await expect(resolver.resolve(icon, server)).resolves.toBe(`data:image/png;base64,${PNG}`);
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    expect(fetchImpl.mock.calls[0]?.[1]).toMatchObject({ credentials: 'omit', redirect: 'error' });
    await expect(resolver.resolve([{ src: '/page.html' }], server)).resolves.toBeUndefined();
    await expect(
      resolver.resolve([{ src: 'https://tracker.example/pixel.png' }], server),
    ).resolves.toBeUndefined();
    expect(fetchImpl).toHaveBeenCalledTimes(2);
  });

  it('gives an item its icon without waiting, once downloaded, and small only', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const fetchImpl = vi.fn(async () => {
      await gate;
      return new Response(
        Uint8Array.from(atob(PNG), (character) => character.charCodeAt(0)),
        {
          headers: { 'content-type': 'image/png' },
        },
      );
    });
    const resolver = new IconResolver(fetchImpl);
    const server = 'https://mcp.example.com/mcp';
    expect(resolver.peek([{ src: '/tool.png' }], server)).toBeUndefined();
    expect(resolver.peek([{ src: '/tool.png' }], server)).toBeUndefined();
    release();
    await resolver.resolve([{ src: '/tool.png' }], server);
    expect(resolver.peek([{ src: '/tool.png' }], server)).toBe(`data:image/png;base64,${PNG}`);
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    const big = `data:image/png;base64,${'A'.repeat(32 * 1024)}`;
    expect(resolver.peek([{ src: big }], server)).toBeUndefined();
    expect(resolver.peek([{ src: `data:image/png;base64,${PNG}` }], server)).toBeDefined();
  });

  it('stops reading an icon as soon as it is too large, length or not', async () => {
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        controller.enqueue(new Uint8Array(16 * 1024));
      },
    });
    const resolver = new IconResolver(
      async () => new Response(endless, { headers: { 'content-type': 'image/png' } }),
    );
    await expect(
      resolver.resolve([{ src: '/huge.png' }], 'https://mcp.example.com/mcp'),
    ).resolves.toBeUndefined();
  });
});

/** A data URL holding exactly `bytes` bytes of image data. */
const pngDataUrl = (bytes: number) =>
  `data:image/png;base64,${Buffer.alloc(bytes, 7).toString('base64')}`;

describe('the icon size limits, to the byte', () => {
  it.each([
    ['keeps', MAX_ICON_BYTES - 1],
    ['keeps', MAX_ICON_BYTES],
    ['refuses', MAX_ICON_BYTES + 1],
  ])('%s a server’s data: icon of %i bytes', (verdict, bytes) => {
    const icon = pngDataUrl(bytes);
    expect(checkDataUrl(icon)).toBe(verdict === 'keeps' ? icon : undefined);
  });

  it.each([
    ['keeps', MAX_ITEM_ICON_BYTES - 1],
    ['keeps', MAX_ITEM_ICON_BYTES],
    ['refuses', MAX_ITEM_ICON_BYTES + 1],
  ])('%s a tool’s data: icon of %i bytes', (verdict, bytes) => {
    const icon = pngDataUrl(bytes);
    expect(new IconResolver().peek([{ src: icon }], 'https://mcp.example.com/mcp')).toBe(
      verdict === 'keeps' ? icon : undefined,
    );
  });

  describe('downloaded from the server’s own origin', () => {
    let origin = '';
    const server = createServer((request, response) => {
      const [, size = '0', framing] =
        /^\/icon-(\d+)-(sized|chunked)\.png$/.exec(request.url ?? '') ?? [];
      const body = Buffer.alloc(Number(size), 7);
      response.setHeader('content-type', 'image/png');
      if (framing === 'sized') {
        response.end(body);
      } else {
        // No Content-Length: the reader must count as it goes.
        response.write(body.subarray(0, body.length >> 1));
        response.end(body.subarray(body.length >> 1));
      }
    });
    beforeAll(async () => {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    afterAll(async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    });

    it.each([
      ['keeps', MAX_ICON_BYTES, 'sized'],
      ['keeps', MAX_ICON_BYTES, 'chunked'],
      ['refuses', MAX_ICON_BYTES + 1, 'sized'],
      ['refuses', MAX_ICON_BYTES + 1, 'chunked'],
    ])('%s an icon of %i bytes sent %s', async (verdict, bytes, framing) => {
      const icon = await new IconResolver().resolve(
        [{ src: `/icon-${bytes}-${framing}.png` }],
        `${origin}/mcp`,
      );
      expect(icon).toBe(verdict === 'keeps' ? pngDataUrl(bytes) : undefined);
    });
  });
});

const pngBytes = () => Uint8Array.from(atob(PNG), (character) => character.charCodeAt(0));

describe('which icon is picked', () => {
  it.each<[string, unknown, string | undefined]>([
    ['no list', undefined, undefined],
    ['a list that is not one', 'icon.png', undefined],
    ['an empty list', [], undefined],
    ['entries without a string src skipped', [{ src: 7 }, { src: 'b.png' }], 'b.png'],
    ['entries that are not objects skipped', [null, 'a.png', { src: 'b.png' }], 'b.png'],
    ['a type named in capitals', [{ src: 'a.png', mimeType: 'IMAGE/PNG' }], 'a.png'],
    ['a type it cannot show', [{ src: 'a.bmp', mimeType: 'image/bmp' }], undefined],
    [
      'light without sizes over dark with a small size',
      [{ src: 'dark.png', sizes: ['32x32'], theme: 'dark' }, { src: 'light.png' }],
      'light.png',
    ],
    [
      'dark with a small size over dark without',
      [
        { src: 'dark-any.png', theme: 'dark' },
        { src: 'dark-small.png', sizes: ['any', '16x16'], theme: 'dark' },
      ],
      'dark-small.png',
    ],
    ...['16x16', '24x24', '48x48', '64x64'].map((size): [string, unknown, string] => [
      `${size} over 128x128`,
      [
        { src: 'big.png', sizes: ['128x128'] },
        { src: 'small.png', sizes: [size] },
      ],
      'small.png',
    ]),
    [
      'a large size that merely ends like a small one, no better than none',
      [{ src: 'any.png' }, { src: 'big.png', sizes: ['116x116', '132x132'] }],
      'any.png',
    ],
    [
      'the first of equals',
      [{ src: 'first.png' }, { src: 'second.png' }, { src: 'third.png', theme: 'light' }],
      'first.png',
    ],
  ])('%s', (_case, icons, expected) => {
    expect(pickIcon(icons as Icon[] | undefined)?.src).toBe(expected);
  });
});

describe('what a data: icon must be', () => {
  it.each([
    [
      'a type in capitals, lowercased',
      `data:IMAGE/PNG;base64,${PNG}`,
      `data:image/png;base64,${PNG}`,
    ],
    [
      'base64 broken over lines, joined',
      `data:image/png;base64,${PNG.slice(0, 10)}\n ${PNG.slice(10)}`,
      `data:image/png;base64,${PNG}`,
    ],
    ['text before it', `xdata:image/png;base64,${PNG}`, undefined],
    ['a character outside base64 after it', `data:image/png;base64,${PNG}!`, undefined],
    ['no type', `data:;base64,${PNG}`, undefined],
  ])('%s', (_case, source, expected) => {
    expect(checkDataUrl(source)).toBe(expected);
  });
});

describe('downloading an icon', () => {
  const server = 'https://mcp.example.com/mcp';
  const fetched = (response: () => Response) => {
    const fetchImpl = vi.fn(async (_input: string | URL, _init?: RequestInit) => response());
    return { fetchImpl, resolver: new IconResolver(fetchImpl) };
  };

  it.each([
    [
      'an error status',
      () => new Response(pngBytes(), { status: 404, headers: { 'content-type': 'image/png' } }),
      undefined,
    ],
    ['no content type', () => new Response(pngBytes()), undefined],
    [
      'an empty body',
      () => new Response(new Uint8Array(0), { headers: { 'content-type': 'image/png' } }),
      undefined,
    ],
    [
      'a declared length over the limit',
      () =>
        new Response(pngBytes(), {
          headers: { 'content-type': 'image/png', 'content-length': String(MAX_ICON_BYTES + 1) },
        }),
      undefined,
    ],
    [
      'a content type with parameters, in capitals',
      () =>
        new Response(pngBytes(), { headers: { 'content-type': ' Image/PNG ; charset=binary' } }),
      `data:image/png;base64,${PNG}`,
    ],
    [
      'an SVG',
      () => new Response('<svg/>', { headers: { 'content-type': 'image/svg+xml' } }),
      `data:image/svg+xml;base64,${btoa('<svg/>')}`,
    ],
  ])('%s', async (_case, response, expected) => {
    const { resolver } = fetched(response);
    await expect(resolver.resolve([{ src: '/icon' }], server)).resolves.toBe(expected);
  });

  it('gives up on a server that does not answer, with a time limit on every download', async () => {
    const { fetchImpl, resolver } = fetched(() => {
      throw new TypeError('fetch failed');
    });
    await expect(resolver.resolve([{ src: '/icon.png' }], server)).resolves.toBeUndefined();
    expect(fetchImpl.mock.calls[0]?.[0]).toBe('https://mcp.example.com/icon.png');
    expect(fetchImpl.mock.calls[0]?.[1]?.signal).toBeInstanceOf(AbortSignal);
    // A failure is remembered like a success: the icon is not asked for again.
    await expect(resolver.resolve([{ src: '/icon.png' }], server)).resolves.toBeUndefined();
    expect(fetchImpl).toHaveBeenCalledTimes(1);
  });

  it('keeps the 256 newest icons, and downloads one that was let go again', async () => {
    const { fetchImpl, resolver } = fetched(
      () => new Response(pngBytes(), { headers: { 'content-type': 'image/png' } }),
    );
    for (let index = 0; index <= 256; index += 1) {
      await resolver.resolve([{ src: `/icon-${index}.png` }], server);
    }
    expect(fetchImpl).toHaveBeenCalledTimes(257);
    // The newest 256 are kept, the first one is let go, peek included.
    await resolver.resolve([{ src: '/icon-1.png' }], server);
    expect(resolver.peek([{ src: '/icon-256.png' }], server)).toBe(`data:image/png;base64,${PNG}`);
    expect(fetchImpl).toHaveBeenCalledTimes(257);
    expect(resolver.peek([{ src: '/icon-0.png' }], server)).toBeUndefined();
    expect(fetchImpl).toHaveBeenCalledTimes(258);
    expect(fetchImpl.mock.calls.at(-1)?.[0]).toBe('https://mcp.example.com/icon-0.png');
  });

  it.each([
    ['a malformed server address', '/icon.png', 'not a url'],
    ['another origin', 'https://cdn.example.com/icon.png', server],
    ['a data: URL of a refused type', 'data:text/html;base64,PHA+', server],
  ])('peeks nothing and downloads nothing for %s', (_case, source, serverUrl) => {
    const { fetchImpl, resolver } = fetched(() => new Response(pngBytes()));
    expect(resolver.peek([{ src: source }], serverUrl)).toBeUndefined();
    expect(fetchImpl).not.toHaveBeenCalled();
  });

  it('resolves a list with no usable icon to nothing, without a request', async () => {
    const { fetchImpl, resolver } = fetched(() => new Response(pngBytes()));
    await expect(
      resolver.resolve([{ src: 'a.ico', mimeType: 'image/x-icon' }], server),
    ).resolves.toBeUndefined();
    expect(resolver.peek(undefined, server)).toBeUndefined();
    expect(fetchImpl).not.toHaveBeenCalled();
  });

  it('resolves a data: icon as it is, checked', async () => {
    const resolver = new IconResolver();
    await expect(resolver.resolve([{ src: `data:image/png;base64,${PNG}` }], server)).resolves.toBe(
      `data:image/png;base64,${PNG}`,
    );
    await expect(
      resolver.resolve([{ src: 'data:text/html;base64,PHA+' }], server),
    ).resolves.toBeUndefined();
  });
});
