// @vitest-environment jsdom
// jsdom, not happy-dom: the SVG sanitizer (DOMPurify) supports jsdom, and happy-dom drops the
// <svg> root it parses.
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { File as PlatformFile } from 'node:buffer';
import { afterEach, describe, expect, it } from 'vitest';
import { ServersPanel } from '../../../../components/servers/ServersPanel';
import { useServers } from '../../../../components/servers/use-servers';
import { MAX_ICON_BYTES } from '../../../../src/mcp/custom-server-input';
import { createPatchbayClient } from '../../../../src/messaging/client';
import { createRouter } from '../../../../src/messaging/router';
import { createMemoryStore } from '../../../../src/platform/memory';
import { createHarness } from '../../../helpers/manager-harness';
import { createMemoryPermissions } from '../../../../src/platform/memory-permissions';
import {
  createBrowserPermissions,
  WEBSITE_TOOLS_PERMISSIONS,
  whatSiteAccessAllows,
} from '../../../../src/permissions/browser-permissions';
import { withClient } from '../../../helpers/with-client';

const harnesses: ReturnType<typeof createHarness>[] = [];
afterEach(async () => {
  cleanup();
  while (harnesses.length) await harnesses.pop()?.dispose();
});

const ICON_LABEL = 'Icon (PNG, JPEG or SVG, up to 64 KB)';
/** A real 1×1 PNG. */
const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * A file as the browser's file chooser hands it over. jsdom's own File has no `arrayBuffer()` or
 * `text()`, which Chrome's has and the icon reader uses; Node's File is the same web standard.
 */
const allSitesHeld = createBrowserPermissions(
  createMemoryPermissions(WEBSITE_TOOLS_PERMISSIONS),
  WEBSITE_TOOLS_PERMISSIONS,
  whatSiteAccessAllows,
);

function fileOf(parts: (string | Uint8Array)[], name: string, type: string): File {
  return new PlatformFile(parts, name, { type }) as unknown as File;
}

/** A PNG file of exactly `size` bytes: the 1×1 image, then bytes decoders ignore after its end. */
function pngOf(size: number, name = 'icon.png'): File {
  const bytes = new Uint8Array(size);
  bytes.set(TINY_PNG.subarray(0, size));
  return fileOf([bytes], name, 'image/png');
}

const dataUrlOf = async (file: File) =>
  `data:${file.type};base64,${Buffer.from(await file.arrayBuffer()).toString('base64')}`;

function Panel() {
  const serverState = useServers();
  const [store] = useState(() => createMemoryStore());
  return (
    <ServersPanel
      serverState={serverState}
      store={store}
      askForSites={async () => true}
      websiteTools={allSitesHeld}
    />
  );
}

/** The Servers panel against the real background (manager, router, client), its Add form open. */
async function openAddForm() {
  const harness = createHarness();
  harnesses.push(harness);
  const router = createRouter({ manager: harness.manager, extensionId: 'self' });
  const client = createPatchbayClient({
    send: (message) => router.handle(message, { id: 'self', origin: 'chrome-extension://self' }),
    subscribe: (listener) => harness.broadcaster.listen(listener),
  });
  render(<Panel />, { wrapper: withClient(client) });
  fireEvent.click(await screen.findByRole('button', { name: 'Add server' }));
  // The form loads with its first use: on a busy machine its module may take over a second.
  const form = within(
    await screen.findByRole('form', { name: 'Add a server' }, { timeout: 10_000 }),
  );
  fireEvent.change(form.getByLabelText('Name'), { target: { value: 'Docs' } });
  fireEvent.change(form.getByLabelText('URL'), {
    target: { value: 'https://docs.example.com/mcp' },
  });
  return { harness, form };
}

type Form = Awaited<ReturnType<typeof openAddForm>>['form'];

/** Picks `file` in the form's own file input, as the person's file chooser would. */
function upload(form: Form, file: File) {
  fireEvent.change(form.getByLabelText(ICON_LABEL), { target: { files: [file] } });
}

const preview = (form: Form) => form.queryByAltText<HTMLImageElement>('Icon preview');

/** Submits the form, waits for the server to appear in the list, and returns what was stored. */
async function addAndRead(form: Form, harness: ReturnType<typeof createHarness>) {
  fireEvent.click(form.getByRole('button', { name: 'Add server' }));
  await waitFor(() => expect(screen.queryByRole('form', { name: 'Add a server' })).toBeNull());
  const [server, ...others] = await harness.manager.listServers();
  expect(others).toEqual([]);
  expect(server?.name).toBe('Docs');
  return server;
}

/** The SVG inside a data URL, as text. */
const svgIn = (dataUrl: string) => {
  const prefix = 'data:image/svg+xml;base64,';
  expect(dataUrl.startsWith(prefix)).toBe(true);
  return Buffer.from(dataUrl.slice(prefix.length), 'base64').toString('utf8');
};

describe('uploading a custom server’s icon', () => {
  it('shows a small PNG at once and stores it with the server, which then shows it', async () => {
    const { harness, form } = await openAddForm();
    const file = pngOf(TINY_PNG.length);
    upload(form, file);

    const shown = await form.findByAltText<HTMLImageElement>('Icon preview');
    expect(shown.getAttribute('src')).toBe(await dataUrlOf(file));
    const server = await addAndRead(form, harness);
    expect(server?.iconDataUrl).toBe(await dataUrlOf(file));
    const card = document.querySelector(`li.server[data-server-id="${server?.id}"]`);
    expect(card?.querySelector('img.server-icon')?.getAttribute('src')).toBe(await dataUrlOf(file));
  });

  it.each([
    ['a PNG over 64 KB', pngOf(80 * 1024, 'big.png'), 'The icon is 80 KB; the limit is 64 KB.'],
    [
      'a file that is not an image',
      fileOf(['<p>hello</p>'], 'icon.html', 'text/html'),
      'The icon must be a PNG, JPEG or SVG image.',
    ],
    [
      'an image of a type Patchbay does not store',
      fileOf([new Uint8Array([0x47, 0x49, 0x46, 0x38, 0x39, 0x61])], 'icon.gif', 'image/gif'),
      'The icon must be a PNG, JPEG or SVG image.',
    ],
    [
      'an SVG file that holds no SVG',
      fileOf(['<html><body>not a drawing</body></html>'], 'icon.svg', 'image/svg+xml'),
      'The SVG file could not be read.',
    ],
  ])('refuses %s with its reason and keeps the icon it had', async (_name, file, message) => {
    const { harness, form } = await openAddForm();
    const kept = pngOf(TINY_PNG.length);
    upload(form, kept);
    await form.findByAltText('Icon preview');

    upload(form, file);

    expect(await form.findByText(message)).toBeTruthy();
    expect(preview(form)?.getAttribute('src')).toBe(await dataUrlOf(kept));
    const server = await addAndRead(form, harness);
    expect(server?.iconDataUrl).toBe(await dataUrlOf(kept));
  });

  it('keeps only the drawing of an SVG: no script, handlers or outside references', async () => {
    const { harness, form } = await openAddForm();
    upload(
      form,
      fileOf(
        [
          '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" onload="alert(1)">' +
            '<script>alert(2)</script>' +
            '<rect width="4" height="4" fill="red" onclick="steal()"/>' +
            '<image href="https://tracker.example/pixel.png"/>' +
            '<use xlink:href="https://tracker.example/sprite.svg#a"/>' +
            '<circle r="2" style="fill:url(https://tracker.example/p.svg#g)"/>' +
            '</svg>',
        ],
        'icon.svg',
        'image/svg+xml',
      ),
    );

    const shown = await form.findByAltText<HTMLImageElement>('Icon preview');
    const svg = svgIn(shown.getAttribute('src') ?? '');
    expect(svg).not.toMatch(/script|alert|onload|onclick|steal|tracker\.example/);
    expect(svg).toMatch(/^<svg[^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(svg).toContain('<rect width="4" height="4" fill="red"');
    expect(svg).toContain('<circle r="2"');
    const server = await addAndRead(form, harness);
    expect(server?.iconDataUrl).toBe(shown.getAttribute('src'));
  });

  it.each([
    ['accepts', MAX_ICON_BYTES - 1, undefined],
    ['accepts', MAX_ICON_BYTES, undefined],
    ['refuses', MAX_ICON_BYTES + 1, 'The icon is 65 KB; the limit is 64 KB.'],
  ])(
    '%s a PNG of %i bytes, and the server stores what it accepted',
    async (_verb, size, refusal) => {
      const { harness, form } = await openAddForm();
      const file = pngOf(size);
      upload(form, file);

      if (refusal) {
        expect(await form.findByText(refusal)).toBeTruthy();
        expect(preview(form)).toBeNull();
      } else {
        const shown = await form.findByAltText('Icon preview');
        expect(shown.getAttribute('src')).toBe(await dataUrlOf(file));
      }
      // The background checks the icon again when it stores the server.
      const server = await addAndRead(form, harness);
      expect(server?.iconDataUrl).toBe(refusal ? undefined : await dataUrlOf(file));
    },
  );
});
