// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { StructuredView, compactJson } from '../../../../components/chat/StructuredView';
import { ToolResult, summarizeResult } from '../../../../components/chat/ToolResult';
import type { CallToolResultView } from '../../../../src/messaging/contract';

afterEach(cleanup);

/** A 1x1 PNG. */
const PIXEL =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==';
/** The first bytes of a WAV file: enough to be base64 audio. */
const WAV = 'UklGRiQAAABXQVZFZm10IBAAAAABAAEAQB8AAEAfAAABAAgAZGF0YQAAAAA=';

function show(result: CallToolResultView, onOpenResource?: () => void) {
  return render(
    <ToolResult result={result} serverId="docs" {...(onOpenResource ? { onOpenResource } : {})} />,
  );
}

function numberedLines(count: number): string {
  return Array.from({ length: count }, (_, index) => `line ${index + 1}`).join('\n');
}

describe('text blocks', () => {
  it('collapses long text to its first lines and expands it on request', () => {
    const { container } = show({ content: [{ type: 'text', text: numberedLines(1234) }] });
    const pre = () => container.querySelector('pre')!.textContent!;
    expect(pre().split('\n')).toHaveLength(40);
    expect(pre()).not.toContain('line 41');

    fireEvent.click(screen.getByRole('button', { name: 'Show all 1,234 lines' }));
    expect(pre()).toContain('line 1234');

    fireEvent.click(screen.getByRole('button', { name: 'Show less' }));
    expect(pre()).not.toContain('line 41');
  });

  it('collapses one very long line by characters', () => {
    const { container } = show({ content: [{ type: 'text', text: 'x'.repeat(10_000) }] });
    expect(container.querySelector('pre')!.textContent).toHaveLength(4_000);
    expect(screen.getByRole('button', { name: 'Show all 10,000 characters' })).toBeTruthy();
  });

  it('shows short text whole, as text', () => {
    const { container } = show({
      content: [{ type: 'text', text: '<img src="https://attacker.example/x.png"> hello' }],
    });
    expect(container.querySelector('img')).toBeNull();
    expect(container.textContent).toContain('<img src="https://attacker.example/x.png"> hello');
    expect(screen.queryByRole('button')).toBeNull();
  });
});

describe('media blocks', () => {
  it('shows an image from a data URL built from its base64 data', () => {
    const { container } = show({
      content: [{ type: 'image', data: PIXEL, mimeType: 'image/png' }],
    });
    const image = screen.getByRole('img', { name: 'Image from the tool' });
    expect(image.getAttribute('src')).toBe(`data:image/png;base64,${PIXEL}`);
    expect(container.querySelectorAll('[src]')).toHaveLength(1);
  });

  it('plays audio from a data URL and offers it as a download', () => {
    const { container } = show({ content: [{ type: 'audio', data: WAV, mimeType: 'audio/wav' }] });
    expect(container.querySelector('audio')?.getAttribute('src')).toBe(
      `data:audio/wav;base64,${WAV}`,
    );
    expect(container.querySelector('audio')?.hasAttribute('controls')).toBe(true);
    expect(screen.getByRole('button', { name: 'Download' })).toBeTruthy();
  });

  it('renders no image for an HTML type or for data that is a URL', () => {
    const { container } = show({
      content: [
        { type: 'image', data: PIXEL, mimeType: 'text/html' },
        { type: 'image', data: 'https://attacker.example/x.png', mimeType: 'image/png' },
        { type: 'image', data: PIXEL, mimeType: 'image/svg+xml"><script>' },
        { type: 'audio', data: 'http://attacker.example/a.mp3', mimeType: 'audio/mpeg' },
        { type: 'audio', data: WAV, mimeType: 'video/mp4' },
      ],
    });
    expect(container.querySelector('img, audio, video')).toBeNull();
    expect(container.querySelector('[src]')).toBeNull();
    expect(container.textContent).toContain('its type is text/html');
    expect(container.textContent).toContain('its data is not valid base64');
  });
});

describe('resource links', () => {
  const link = {
    type: 'resource_link',
    uri: 'https://docs.example.com/guide.pdf',
    name: 'guide.pdf',
    title: 'The guide',
    description: 'Everything in one file.',
    mimeType: 'application/pdf',
    size: 12_288,
  };

  it('asks to open the resource from the server that returned it', () => {
    const onOpenResource = vi.fn();
    const { container } = show({ content: [link] }, onOpenResource);
    expect(container.querySelector('a')).toBeNull();
    expect(container.textContent).toContain('https://docs.example.com/guide.pdf');
    expect(container.textContent).toContain('application/pdf · 12 KB');
    expect(container.textContent).toContain('Everything in one file.');

    fireEvent.click(screen.getByRole('button', { name: 'The guide' }));
    expect(onOpenResource).toHaveBeenCalledWith({
      serverId: 'docs',
      uri: 'https://docs.example.com/guide.pdf',
      name: 'guide.pdf',
      mimeType: 'application/pdf',
    });
  });

  it('shows the link as text with a Copy URI button when nothing can open it', () => {
    const { container } = show({ content: [{ ...link, title: undefined }] });
    expect(screen.queryByRole('button', { name: 'guide.pdf' })).toBeNull();
    expect(container.querySelector('a')).toBeNull();
    expect(container.textContent).toContain('guide.pdf');
    expect(screen.getByRole('button', { name: 'Copy URI' })).toBeTruthy();
  });
});

describe('embedded resources', () => {
  it('previews an embedded text resource and opens it on request', () => {
    const onOpenResource = vi.fn();
    const { container } = show(
      {
        content: [
          {
            type: 'resource',
            resource: { uri: 'memo://notes/today.txt', mimeType: 'text/plain', text: 'Buy milk.' },
          },
        ],
      },
      onOpenResource,
    );
    const block = container.querySelector('details.embedded-resource')!;
    expect(block.querySelector('summary')?.textContent).toBe('memo://notes/today.txt');
    expect(block.querySelector('pre')?.textContent).toBe('Buy milk.');

    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    expect(onOpenResource).toHaveBeenCalledWith({
      serverId: 'docs',
      uri: 'memo://notes/today.txt',
      mimeType: 'text/plain',
    });
  });

  it('shows unknown blocks as JSON', () => {
    const { container } = show({ content: [{ type: 'hologram', frames: 3 }] });
    expect(container.querySelector('pre')?.textContent).toBe(
      JSON.stringify({ type: 'hologram', frames: 3 }, null, 2),
    );
  });
});

describe('many blocks', () => {
  it('shows the first 8 blocks and offers the rest', () => {
    const content = Array.from({ length: 31 }, (_, index) => ({
      type: 'text',
      text: `block ${index + 1}`,
    }));
    const { container } = show({ content });
    expect(container.querySelectorAll('.tool-result-block')).toHaveLength(8);
    expect(container.textContent).not.toContain('block 9');

    fireEvent.click(screen.getByRole('button', { name: 'Show 23 more items' }));
    expect(container.querySelectorAll('.tool-result-block')).toHaveLength(31);
    expect(container.textContent).toContain('block 31');
  });

  it('summarizes a result by its lines or its items', () => {
    expect(summarizeResult({ content: [{ type: 'text', text: numberedLines(1204) }] })).toBe(
      'Result · 1,204 lines',
    );
    expect(summarizeResult({ content: [{ type: 'text', text: 'one\n' }] })).toBe('Result · 1 line');
    expect(
      summarizeResult({
        content: [
          { type: 'text', text: 'a' },
          { type: 'text', text: 'b' },
          { type: 'image', data: PIXEL, mimeType: 'image/png' },
        ],
      }),
    ).toBe('Result · 3 items');
    expect(summarizeResult({ content: [], structuredContent: { a: 1 } })).toBe('Result');
  });
});

describe('structured content', () => {
  it('shows an array of objects as a table with the union of their keys', () => {
    const { container } = show({
      content: [],
      structuredContent: {
        events: [
          { title: 'Standup', start: '09:00' },
          { title: 'Review', start: '14:00', room: { floor: 2, name: 'Blue' } },
          { start: '16:00', constructor: 'shadowed' },
        ],
      },
    });
    const headers = [...container.querySelectorAll('th')].map((cell) => cell.textContent);
    expect(headers).toEqual(['title', 'start', 'room', 'constructor']);
    const rows = [...container.querySelectorAll('tbody tr')].map((row) =>
      [...row.querySelectorAll('td')].map((cell) => cell.textContent),
    );
    expect(rows).toEqual([
      ['Standup', '09:00', '', ''],
      ['Review', '14:00', '{"floor":2,"name":"Blue"}', ''],
      ['', '16:00', '', 'shadowed'],
    ]);
  });

  it('shows an object as a tree, open at the first level', () => {
    const { container } = show({
      content: [],
      structuredContent: {
        city: 'Lima',
        temperatureC: 19,
        wind: { speedKmh: 12, gusts: { peakKmh: 30 } },
      },
    });
    const text = container.textContent!;
    expect(text).toContain('city: Lima');
    expect(text).toContain('temperatureC: 19');
    expect(text).toContain('speedKmh: 12');
    // The second level starts closed and renders nothing until opened.
    expect(text).not.toContain('peakKmh');
    const details = [...container.querySelectorAll('.structured-tree details')];
    expect(details.map((element) => (element as HTMLDetailsElement).open)).toEqual([true, false]);
  });

  it('switches between the readable view and the raw JSON', () => {
    const structuredContent = { city: 'Lima', temperatureC: 19 };
    const { container } = show({ content: [], structuredContent });
    expect(container.querySelector('pre')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Raw JSON' }));
    expect(container.querySelector('pre')?.textContent).toBe(
      JSON.stringify(structuredContent, null, 2),
    );
    expect(screen.getByRole('button', { name: 'Copy' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Readable' }));
    expect(container.querySelector('pre')).toBeNull();
    expect(container.textContent).toContain('city: Lima');
  });
});

describe('the structured view on large values', () => {
  // 2,000 rows, forty times the 50 shown (10,000 took a minute to render in happy-dom on two
  // busy cores, for nothing more); rendering them all still wants a generous time limit.
  it('shows 50 of 2,000 rows until asked for all', { timeout: 30_000 }, () => {
    const rows = Array.from({ length: 2_000 }, (_, index) => ({
      id: index,
      name: `row ${index}`,
    }));
    const { container } = render(<StructuredView value={rows} />);
    expect(container.querySelectorAll('tbody tr')).toHaveLength(50);
    fireEvent.click(screen.getByRole('button', { name: 'Show all 2,000 rows' }));
    expect(container.querySelectorAll('tbody tr')).toHaveLength(2_000);
  });

  it('shows 100 entries of a long list of scalars', () => {
    const { container } = render(
      <StructuredView value={Array.from({ length: 10_000 }, (_, index) => index)} />,
    );
    expect(container.querySelectorAll('.structured-tree > li')).toHaveLength(101);
    expect(screen.getByRole('button', { name: 'Show all 10,000 entries' })).toBeTruthy();
  });

  it('stops at 8 levels of nesting, however deep the value goes', () => {
    let value: Record<string, unknown> = { bottom: true };
    for (let level = 0; level < 50; level += 1) value = { deeper: value };
    const { container } = render(<StructuredView value={value} />);
    // Open every level there is, one by one, as a person clicking would.
    for (;;) {
      const closed = container.querySelector<HTMLDetailsElement>('details:not([open])');
      if (!closed) break;
      closed.open = true;
      fireEvent(closed, new Event('toggle'));
    }
    expect(container.querySelectorAll('details')).toHaveLength(8);
    expect(container.textContent).toContain('deeper: …');
    expect(container.textContent).not.toContain('bottom');

    fireEvent.click(screen.getByRole('button', { name: 'Raw JSON' }));
    expect(container.querySelector('pre')?.textContent).toContain('"bottom": true');
  });

  it('builds compact JSON only as far as its budget', () => {
    const huge = Array.from({ length: 10_000 }, (_, index) => ({ index }));
    const text = compactJson(huge, 40);
    expect(text.length).toBeLessThan(80);
    expect(text.startsWith('[{"index":0},{"index":1},')).toBe(true);
    expect(text.endsWith(',…]')).toBe(true);
  });
});
