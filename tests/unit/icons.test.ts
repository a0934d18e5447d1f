import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  checkDataUrl,
  IconResolver,
  MAX_ICON_BYTES,
  MAX_ITEM_ICON_BYTES,
  pickIcon,
  sameOriginUrl,
} from '../../src/mcp/icons';

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
