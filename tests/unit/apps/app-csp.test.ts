import { describe, expect, it } from 'vitest';
import { buildAppCsp, cspOrigin, withCspMeta } from '../../../src/apps/app-csp';

const directive = (csp: string, name: string) =>
  csp
    .split('; ')
    .find((part) => part.startsWith(`${name} `))
    ?.slice(name.length + 1);

describe('origins an app may declare', () => {
  it.each<[unknown, string | undefined]>([
    ['https://api.example.com', 'https://api.example.com'],
    ['https://API.Example.com/', 'https://api.example.com'],
    ['https://*.example.com', 'https://*.example.com'],
    ['https://*.com', undefined],
    ['https://cdn.example.com:8443', 'https://cdn.example.com:8443'],
    ['wss://live.example.com', 'wss://live.example.com'],
    ['http://127.0.0.1:3000', 'http://127.0.0.1:3000'],
    ['http://localhost:5173', 'http://localhost:5173'],
    ['ws://localhost:5173', 'ws://localhost:5173'],
    ['http://example.com', undefined],
    ['http://*.localhost', undefined],
    ['*', undefined],
    ['https:', undefined],
    ["'unsafe-eval'", undefined],
    ['data:', undefined],
    ['https://example.com/path', undefined],
    ["https://example.com 'unsafe-eval'", undefined],
    ['https://example.com; script-src *', undefined],
    ['https://a..example.com', undefined],
    ['https://example.com:99999', undefined],
    ['javascript:alert(1)', undefined],
    [42, undefined],
  ])('%s', (origin, expected) => {
    expect(cspOrigin(origin)).toBe(expected);
  });
});

describe('the policy an app runs under', () => {
  it.each([
    ['default-src', "'none'"],
    ['connect-src', "'none'"],
    ['frame-src', "'none'"],
    ['object-src', "'none'"],
    ['base-uri', "'self'"],
    ['script-src', "'unsafe-inline'"],
    ['img-src', 'data: blob:'],
  ])('allows no network, frames or plugins when nothing is declared: %s %s', (name, sources) => {
    expect(directive(buildAppCsp(undefined), name)).toBe(sources);
  });

  it('never allows eval', () => {
    expect(buildAppCsp(undefined)).not.toContain('unsafe-eval');
  });

  it('adds what was declared, each list to its directives, frames excepted', () => {
    const csp = buildAppCsp({
      connectDomains: ['https://api.example.com'],
      resourceDomains: ['https://cdn.example.com'],
      frameDomains: ['https://player.example.com'],
      baseUriDomains: ['https://base.example.com'],
    });
    expect(directive(csp, 'connect-src')).toBe('https://api.example.com');
    for (const name of ['script-src', 'style-src', 'img-src', 'font-src', 'media-src'])
      expect(directive(csp, name)).toContain('https://cdn.example.com');
    expect(directive(csp, 'connect-src')).not.toContain('cdn.example.com');
    // Nested frames never: the sandbox page refuses them whatever an app declares.
    expect(directive(csp, 'frame-src')).toBe("'none'");
    expect(directive(csp, 'base-uri')).toBe('https://base.example.com');
  });

  it('is never loosened by what a server slips into its lists', () => {
    const csp = buildAppCsp({
      connectDomains: ['*', "'unsafe-inline'", 'https:', 'https://ok.example.com; default-src *'],
      resourceDomains: 'https://not-a-list.example.com',
      frameDomains: [{ origin: 'https://x.example.com' }],
    });
    expect(directive(csp, 'connect-src')).toBe("'none'");
    expect(directive(csp, 'frame-src')).toBe("'none'");
    expect(csp).not.toContain('not-a-list');
    expect(csp.split('; ').filter((part) => part.startsWith('default-src'))).toEqual([
      "default-src 'none'",
    ]);
  });

  it('names at most 32 origins per list and each once', () => {
    const many = Array.from({ length: 40 }, (_, index) => `https://h${index}.example.com`);
    const csp = buildAppCsp({ connectDomains: [...many.slice(0, 2), ...many] });
    expect(directive(csp, 'connect-src')?.split(' ')).toHaveLength(32);
  });
});

describe('the policy in the app’s markup', () => {
  const csp = "default-src 'none'";
  it('comes right after a doctype, so the page keeps standards mode', () => {
    expect(withCspMeta('<!DOCTYPE html><html><body>x</body></html>', csp)).toBe(
      `<!DOCTYPE html><meta http-equiv="Content-Security-Policy" content="default-src 'none'"><html><body>x</body></html>`,
    );
  });
  it('comes first when there is no doctype, before any script of the app', () => {
    const html = withCspMeta('<script>steal()</script>', csp);
    expect(html.indexOf('Content-Security-Policy')).toBeLessThan(html.indexOf('<script>'));
    expect(html.startsWith('<meta')).toBe(true);
  });
  it('escapes quotes so the attribute cannot be closed early', () => {
    expect(withCspMeta('', 'a "b"')).toContain('content="a &quot;b&quot;"');
  });
});
