// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Markdown } from '../../../../components/chat/Markdown';

const parsed = vi.hoisted(() => [] as string[]);
vi.mock('react-markdown', async (importOriginal) => {
  const actual = await importOriginal<typeof import('react-markdown')>();
  return {
    ...actual,
    default: (props: Parameters<typeof actual.default>[0]) => {
      parsed.push(String(props.children));
      return actual.default(props);
    },
  };
});

afterEach(cleanup);

describe('a streaming answer', () => {
  it('parses only the block that grew, not the whole answer, on each delta', () => {
    const start = 'First paragraph.\n\n```\ncode\n```\n\nGrow';
    const { rerender, container } = render(<Markdown text={start} />);
    expect(parsed).toEqual(['First paragraph.', '```\ncode\n```', 'Grow']);
    parsed.length = 0;
    rerender(<Markdown text={`${start}ing`} />);
    expect(parsed).toEqual(['Growing']);
    expect(container.textContent).toContain('Growing');
  });
});
