// @vitest-environment jsdom
/**
 * The browser agent's `read` (Readability and Turndown on a copy of the visible page), its
 * installation as a global, and its answers to odd input.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createBrowserAgent } from '../../../src/browser-tools/page-agent/agent';
import {
  BROWSER_AGENT_GLOBAL,
  type BrowserAgent,
  type BrowserAgentResponse,
} from '../../../src/browser-tools/page-agent/commands';
import { installBrowserAgent } from '../../../src/browser-tools/page-agent/install';

function succeeded<R extends BrowserAgentResponse>(response: R): Extract<R, { ok: true }> {
  if (!response.ok) throw new Error(`Expected success, got ${JSON.stringify(response)}`);
  return response as Extract<R, { ok: true }>;
}

const paragraph = (topic: string) =>
  `<p>${`The ${topic} of the harbour changed slowly over the decades, as ships grew larger and the old quays could no longer hold them. `.repeat(4)}</p>`;

const ARTICLE = `
  <header><nav><a href="/">Home</a> <a href="/about">About</a></nav></header>
  <main>
    <article>
      <h1>A history of the harbour</h1>
      ${paragraph('shape')}
      <img src="data:image/png;base64,${'A'.repeat(5000)}" alt="Inline chart">
      ${paragraph('trade')}
      <p>See <a href="/maps/old">the old maps</a> and <img src="/pictures/quay.jpg" alt="The quay">.</p>
      ${paragraph('life')}
      <p style="display:none">Secret hidden paragraph.</p>
      <p>Follow <a href="https://example.com/${'x'.repeat(400)}">a very long link</a>.</p>
      ${paragraph('future')}
      <script>document.title = 'script ran';</script>
      <style>.never { color: red }</style>
    </article>
  </main>`;

afterEach(() => {
  document.head.innerHTML = '';
  document.body.innerHTML = '';
});

describe('read', () => {
  it('gives an article as Markdown, with no hidden text, scripts or inlined images', async () => {
    document.title = 'Harbour';
    document.body.innerHTML = ARTICLE;
    const agent = createBrowserAgent(window);
    const read = succeeded(
      await agent.run({ type: 'read', format: 'markdown', offset: 0, maxChars: 100_000 }),
    );
    expect(read.source).toBe('article');
    expect(read.title).toBe('Harbour');
    expect(read.url).toBe(document.URL);
    expect(read.content).toContain('The shape of the harbour');
    expect(read.content).toContain('[the old maps](http://localhost:3000/maps/old)');
    expect(read.content).toContain('![The quay](http://localhost:3000/pictures/quay.jpg)');
    expect(read.content).toContain('[Image: Inline chart]');
    expect(read.content).not.toContain('data:');
    expect(read.content).toContain('a very long link');
    expect(read.content).not.toContain('xxxxxxxxxx');
    expect(read.content).not.toContain('Secret hidden');
    expect(read.content).not.toContain('color: red');
    expect(read.content).not.toContain('script ran');
    expect(read.nextOffset).toBeUndefined();
    expect(read.totalChars).toBe(read.content.length);
  });

  it('never returns more than maxChars, and its slices join into the whole content', async () => {
    document.body.innerHTML = ARTICLE;
    const agent = createBrowserAgent(window);
    const whole = succeeded(
      await agent.run({ type: 'read', format: 'markdown', offset: 0, maxChars: 1_000_000 }),
    );
    const maxChars = Math.ceil(whole.totalChars / 2) + 10;
    const first = succeeded(
      await agent.run({ type: 'read', format: 'markdown', offset: 0, maxChars }),
    );
    expect(first.content.length).toBeLessThanOrEqual(maxChars);
    expect(first.nextOffset).toBe(first.content.length);
    const second = succeeded(
      await agent.run({ type: 'read', format: 'markdown', offset: first.nextOffset!, maxChars }),
    );
    expect(second.content.length).toBeLessThanOrEqual(maxChars);
    expect(second.nextOffset).toBeUndefined();
    expect(first.content + second.content).toBe(whole.content);
  });

  it('falls back to the visible body as text when the page is not an article', async () => {
    document.body.innerHTML = `
      <h2>Results</h2>
      <ul><li>First result</li><li>Second result</li></ul>
      <div hidden>Hidden result</div>
      <span style="visibility:hidden">Invisible result</span>
      <noscript>Enable scripts</noscript>`;
    const agent = createBrowserAgent(window);
    const read = succeeded(
      await agent.run({ type: 'read', format: 'text', offset: 0, maxChars: 10_000 }),
    );
    expect(read.source).toBe('page');
    expect(read.content).toBe('Results\nFirst result\nSecond result');
  });

  it('answers an empty slice past the end', async () => {
    document.body.innerHTML = '<p>Short page.</p>';
    const agent = createBrowserAgent(window);
    const read = succeeded(
      await agent.run({ type: 'read', format: 'text', offset: 500, maxChars: 10 }),
    );
    expect(read).toMatchObject({ content: '', offset: read.totalChars });
    expect(read.nextOffset).toBeUndefined();
  });

  it('does not split an emoji across slices', async () => {
    document.body.innerHTML = '<p>ab😀cd</p>';
    const agent = createBrowserAgent(window);
    const first = succeeded(
      await agent.run({ type: 'read', format: 'text', offset: 0, maxChars: 3 }),
    );
    expect(first.content).toBe('ab');
    const second = succeeded(
      await agent.run({ type: 'read', format: 'text', offset: first.nextOffset!, maxChars: 3 }),
    );
    expect(second.content).toBe('😀c');
  });
});

describe('odd input', () => {
  it('answers invalid commands with a failure instead of throwing', async () => {
    const agent = createBrowserAgent(window);
    const run = agent.run as (command: unknown) => Promise<BrowserAgentResponse>;
    await expect(run(null)).resolves.toMatchObject({ ok: false, code: 'invalid' });
    await expect(run({ type: 'teleport' })).resolves.toMatchObject({ ok: false, code: 'invalid' });
    await expect(run({ type: 'click' })).resolves.toMatchObject({ ok: false, code: 'invalid' });
    await expect(run({ type: 'read', maxChars: 'lots' })).resolves.toMatchObject({
      ok: false,
      code: 'invalid',
      message: '"maxChars" must be a number.',
    });
    await expect(run({ type: 'scroll', direction: 'sideways' })).resolves.toMatchObject({
      ok: false,
      code: 'invalid',
    });
  });
});

describe('installation', () => {
  it('keeps the first agent, and its refs, when injected again', async () => {
    document.body.innerHTML = '<button>Save</button>';
    const scope = {};
    expect(installBrowserAgent(scope, window)).toEqual({ version: 2, reused: false });
    const agent = Reflect.get(scope, BROWSER_AGENT_GLOBAL) as BrowserAgent;
    const before = succeeded(await agent.run({ type: 'snapshot', maxElements: 10 }));

    expect(installBrowserAgent(scope, window)).toEqual({ version: 2, reused: true });
    const again = Reflect.get(scope, BROWSER_AGENT_GLOBAL) as BrowserAgent;
    expect(again).toBe(agent);
    const after = succeeded(await again.run({ type: 'snapshot', maxElements: 10 }));
    expect(after.elements[0]!.ref).toBe(before.elements[0]!.ref);
    expect(Object.keys(scope)).toEqual([]);
  });

  it('replaces an agent left by another version', () => {
    const scope = {};
    Object.defineProperty(scope, BROWSER_AGENT_GLOBAL, {
      value: { version: 0, run: () => undefined },
      configurable: true,
    });
    expect(installBrowserAgent(scope, window).reused).toBe(false);
    expect((Reflect.get(scope, BROWSER_AGENT_GLOBAL) as BrowserAgent).version).toBe(2);
  });

  it('is what the unlisted script installs on globalThis', async () => {
    const { default: script } = await import('../../../entrypoints/browser-agent');
    expect(script.main()).toEqual({ version: 2, reused: false });
    expect(script.main()).toEqual({ version: 2, reused: true });
    const agent = Reflect.get(globalThis, BROWSER_AGENT_GLOBAL) as BrowserAgent;
    document.body.innerHTML = '<a href="/next">Next</a>';
    const snapshot = succeeded(await agent.run({ type: 'snapshot', maxElements: 5 }));
    expect(snapshot.elements).toEqual([
      { ref: 'e1', role: 'link', name: 'Next', href: 'http://localhost:3000/next' },
    ]);
  });
});
