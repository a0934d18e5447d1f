/**
 * A plain 12 KB page (text, no script, no tools) on loopback, never cached: what most of the
 * web looks like to a content script. Any host name (`*.localhost`) is answered.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

const PARAGRAPH =
  '<p>Plain text of an ordinary page, the kind most of the web is made of: no tools, no scripts, nothing for Patchbay to do here. </p>\n';

export async function startPlainSite(): Promise<{
  url(host: string, path?: string): string;
  close(): Promise<void>;
}> {
  const body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Plain</title></head><body><h1>Plain</h1>\n${PARAGRAPH.repeat(Math.ceil(12_000 / PARAGRAPH.length))}</body></html>`;
  const server = createServer((_incoming, outgoing) => {
    outgoing
      .writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' })
      .end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (host, path = '/') => `http://${host}:${port}${path}`,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
