// @vitest-environment happy-dom
import { act, cleanup, render } from '@testing-library/react';
import type { UIMessage } from 'ai';
import { afterEach, describe, expect, it } from 'vitest';
import { Markdown } from '../../../../components/chat/Markdown';
import { MESSAGE_WINDOW, MessageList } from '../../../../components/chat/MessageList';
import { splitBlocks, splitGrowing } from '../../../../components/chat/markdown-blocks';

afterEach(cleanup);

describe('splitting Markdown into blocks', () => {
  it('splits at blank lines between paragraphs, headings, lists and tables', () => {
    const text =
      '# Title\n\nA paragraph\nthat wraps.\n\n- one\n- two\n\n| a | b |\n| - | - |\n| 1 | 2 |';
    expect(splitBlocks(text)).toEqual([
      '# Title',
      'A paragraph\nthat wraps.',
      '- one\n- two',
      '| a | b |\n| - | - |\n| 1 | 2 |',
    ]);
  });

  it('keeps a fenced code block with blank lines whole, and an unclosed one to the end', () => {
    expect(splitBlocks('Before\n\n```ts\nconst a = 1;\n\nconst b = 2;\n```\n\nAfter')).toEqual([
      'Before',
      '```ts\nconst a = 1;\n\nconst b = 2;\n```',
      'After',
    ]);
    expect(splitBlocks('Intro\n\n~~~\nstill\n\nstreaming')).toEqual([
      'Intro',
      '~~~\nstill\n\nstreaming',
    ]);
  });

  it("keeps a list item's indented next paragraph with its list", () => {
    expect(splitBlocks('- item\n\n  more of the item\n\nNext')).toEqual([
      '- item\n\n  more of the item',
      'Next',
    ]);
  });
});

describe('streaming Markdown', () => {
  it('leaves finished blocks alone when the answer grows', () => {
    const first = 'First paragraph.\n\n```\ncode\n```\n\nGrow';
    const { container, rerender } = render(<Markdown text={first} />);
    const paragraph = container.querySelector('p');
    const code = container.querySelector('pre');
    rerender(<Markdown text={`${first}ing text and more.`} />);
    expect(container.querySelector('p')).toBe(paragraph);
    expect(container.querySelector('pre')).toBe(code);
    expect(container.textContent).toContain('Growing text and more.');
  });
});

function conversation(count: number): UIMessage[] {
  return Array.from({ length: count }, (_, index) => ({
    id: `m${index}`,
    role: index % 2 ? 'assistant' : 'user',
    parts: [{ type: 'text', text: `message ${index}` }],
  }));
}

describe('long conversations', () => {
  const props = {
    streaming: false,
    renderTool: () => null,
    onEdit: () => undefined,
    onEditingChange: () => undefined,
  };

  it('renders the latest messages first and earlier ones on request', () => {
    const messages = conversation(500);
    const { container, getByRole } = render(<MessageList messages={messages} {...props} />);
    expect(container.querySelectorAll('.message')).toHaveLength(MESSAGE_WINDOW);
    expect(container.textContent).toContain('message 499');
    expect(container.textContent).not.toContain('message 459');
    act(() => getByRole('button', { name: 'Show earlier messages (460)' }).click());
    expect(container.querySelectorAll('.message')).toHaveLength(2 * MESSAGE_WINDOW);
  });

  it('shows a new message at the end, and renders again only rows that changed', () => {
    const messages = conversation(3);
    const { container, rerender } = render(<MessageList messages={messages} {...props} />);
    const firstRow = container.querySelector('.message p');
    const answer: UIMessage = {
      id: 'm3',
      role: 'assistant',
      parts: [{ type: 'text', text: 'new answer' }],
    };
    rerender(<MessageList messages={[...messages, answer]} {...props} renderTool={() => null} />);
    expect(container.textContent).toContain('new answer');
    expect(container.querySelector('.message p')).toBe(firstRow);
  });
});

describe('splitting a growing answer', () => {
  it('gives the same blocks as splitting the whole text, delta by delta', () => {
    const answer =
      '# Plan\n\nFirst, a paragraph.\n\n```sh\nnpm ci\n\nnpm test\n```\n\n- one\n\n  more\n- two\n\n| a | b |\n| - | - |\n\nDone.';
    let split: ReturnType<typeof splitGrowing> | undefined;
    for (let length = 1; length <= answer.length; length += 3) {
      split = splitGrowing(answer.slice(0, length), split);
      expect(split.blocks).toEqual(splitBlocks(answer.slice(0, length)));
    }
  });

  it('starts over when the text is not a continuation', () => {
    const first = splitGrowing('One.\n\nTwo.', undefined);
    expect(splitGrowing('Other.', first).blocks).toEqual(['Other.']);
  });
});
