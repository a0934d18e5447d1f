// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Composer, type ComposerProps } from '../../../../components/composer/Composer';
import type {
  PromptView,
  ResourceTemplateView,
  ResourceView,
} from '../../../../src/messaging/features-contract';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const servers = [
  { id: 'files', name: 'Files', iconDataUrl: 'data:image/png;base64,AAAA' },
  { id: 'gh', name: 'GitHub' },
];
const notes: ResourceView = {
  serverId: 'files',
  name: 'notes',
  title: 'Meeting notes',
  uri: 'file:///notes.md',
  mimeType: 'text/markdown',
};
const archive: ResourceView = {
  serverId: 'gh',
  name: 'archive',
  title: 'Old notes archive',
  uri: 'mem://archive',
};
const readme: ResourceView = { serverId: 'files', name: 'readme', uri: 'file:///readme.md' };
const noteByName: ResourceTemplateView = {
  serverId: 'files',
  name: 'by-name',
  title: 'Note by name',
  uriTemplate: 'file:///notes/{name}',
};
const summarize: PromptView = {
  serverId: 'gh',
  name: 'summarize',
  title: 'Summarize',
  description: 'Summarize a topic in a chosen style',
  arguments: [
    { name: 'topic', title: 'Topic', required: true },
    { name: 'style', description: 'Short or long' },
  ],
};
const help: PromptView = { serverId: 'files', name: 'help', arguments: [] };

function setup(overrides: Partial<ComposerProps> = {}) {
  const props: ComposerProps = {
    busy: false,
    onSend: vi.fn(),
    onStop: vi.fn(),
    resources: [readme, notes, archive],
    templates: [noteByName],
    prompts: [summarize, help],
    servers,
    attachments: [],
    onAttach: vi.fn(),
    onDetach: vi.fn(),
    onRunPrompt: vi.fn(),
    onComplete: vi.fn().mockResolvedValue([]),
    onPickerOpen: vi.fn(),
    ...overrides,
  };
  render(<Composer {...props} />);
  const textarea = screen.getByRole('combobox', { name: 'Message' }) as HTMLTextAreaElement;
  return { props, textarea };
}

function type(element: HTMLElement, value: string) {
  fireEvent.change(element, { target: { value } });
}

/** What each row says, without the letter avatars screen readers skip too. */
function optionLabels() {
  return screen.getAllByRole('option').map((option) => {
    const copy = option.cloneNode(true) as HTMLElement;
    copy.querySelectorAll('[aria-hidden="true"]').forEach((hidden) => hidden.remove());
    return copy.textContent;
  });
}

describe('the "+" menu', () => {
  const plus = () => screen.getByRole('button', { name: 'Add a resource or a prompt' });

  it('opens the resource picker as "@" does, where the caret was', () => {
    const { props, textarea } = setup();
    type(textarea, 'summarize');
    fireEvent.click(plus());
    expect(plus().getAttribute('aria-expanded')).toBe('true');
    const menu = screen.getByRole('menu', { name: 'Add to your message' });
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Attach a resource (@)' }));
    expect(screen.queryByRole('menu')).toBeNull();
    expect(textarea.value).toBe('summarize @');
    expect(screen.getByRole('listbox', { name: 'Resources' })).toBeTruthy();
    expect(props.onPickerOpen).toHaveBeenCalledWith('resources');
    fireEvent.keyDown(textarea, { key: 'Enter' });
    expect(props.onAttach).toHaveBeenCalledWith(expect.objectContaining({ name: 'readme' }));
    expect(textarea.value).toBe('summarize ');
  });

  it('opens the prompt picker as "/" does, from the keyboard', () => {
    const { props, textarea } = setup();
    fireEvent.click(plus());
    const menu = screen.getByRole('menu');
    const items = within(menu).getAllByRole('menuitem');
    expect(document.activeElement).toBe(items[0]);
    fireEvent.keyDown(items[0]!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(items[1]);
    fireEvent.keyDown(items[1]!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(items[0]);
    fireEvent.keyDown(items[0]!, { key: 'ArrowUp' });
    expect(document.activeElement).toHaveProperty('textContent', 'Use a prompt (/)');
    fireEvent.click(items[1]!);
    expect(textarea.value).toBe('/');
    expect(screen.getByRole('listbox', { name: 'Prompts' })).toBeTruthy();
    expect(props.onPickerOpen).toHaveBeenCalledWith('prompts');
    expect(props.onSend).not.toHaveBeenCalled();
  });

  it('closes on Escape with the focus back on "+", and is not there without pickers', () => {
    setup();
    fireEvent.click(plus());
    fireEvent.keyDown(screen.getByRole('menu'), { key: 'Escape' });
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(plus());
    cleanup();
    render(<Composer busy={false} onSend={vi.fn()} onStop={vi.fn()} />);
    screen.getByRole('textbox', { name: 'Message' });
    expect(screen.queryByRole('button', { name: 'Add a resource or a prompt' })).toBeNull();
  });
});

describe('the "@" resource picker', () => {
  it('opens on "@", lists every resource and template with its server, and says so', () => {
    const { props, textarea } = setup();
    expect(textarea.getAttribute('aria-expanded')).toBe('false');
    type(textarea, '@');
    const listbox = screen.getByRole('listbox', { name: 'Resources' });
    expect(textarea.getAttribute('aria-expanded')).toBe('true');
    expect(textarea.getAttribute('aria-controls')).toBe(listbox.id);
    expect(screen.getAllByRole('option')).toHaveLength(4);
    expect(within(listbox).getByRole('group', { name: 'Templates' })).toBeTruthy();
    expect(optionLabels()[0]).toBe('Filesreadmefile:///readme.md');
    expect(screen.getAllByRole('option')[0]!.querySelector('img')?.getAttribute('src')).toBe(
      'data:image/png;base64,AAAA',
    );
    expect(props.onPickerOpen).toHaveBeenCalledWith('resources');
  });

  it('narrows as the person types and attaches the highlighted row on ArrowDown, Enter', () => {
    const { props, textarea } = setup();
    type(textarea, 'look at @note');
    // Name prefixes first ("notes"), then names containing it; templates in their own group.
    expect(optionLabels()).toEqual([
      'FilesMeeting notesfile:///notes.md',
      'GitHubOld notes archivemem://archive',
      'FilesNote by namefile:///notes/{name}',
    ]);
    expect(screen.getAllByRole('option')[0]!.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(textarea, { key: 'ArrowDown' });
    const second = screen.getAllByRole('option')[1]!;
    expect(second.getAttribute('aria-selected')).toBe('true');
    expect(textarea.getAttribute('aria-activedescendant')).toBe(second.id);
    fireEvent.keyDown(textarea, { key: 'Enter' });
    expect(props.onAttach).toHaveBeenCalledWith({
      serverId: 'gh',
      uri: 'mem://archive',
      name: 'archive',
      title: 'Old notes archive',
    });
    expect(props.onSend).not.toHaveBeenCalled();
    expect(textarea.value).toBe('look at ');
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('chooses with the mouse too', () => {
    const { props, textarea } = setup();
    type(textarea, '@');
    fireEvent.click(screen.getByRole('option', { name: /Meeting notes/ }));
    expect(props.onAttach).toHaveBeenCalledWith(
      expect.objectContaining({ uri: 'file:///notes.md', mimeType: 'text/markdown' }),
    );
    expect(textarea.value).toBe('');
  });

  it('closes on Escape, keeping the text and sending nothing', () => {
    const { props, textarea } = setup();
    type(textarea, 'ask @no');
    fireEvent.keyDown(textarea, { key: 'Escape' });
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(textarea.value).toBe('ask @no');
    expect(props.onSend).not.toHaveBeenCalled();
    expect(props.onAttach).not.toHaveBeenCalled();
    // Typing on in the same word keeps it closed; Enter then sends as usual.
    type(textarea, 'ask @not');
    expect(screen.queryByRole('listbox')).toBeNull();
    fireEvent.keyDown(textarea, { key: 'Enter' });
    expect(props.onSend).toHaveBeenCalledWith('ask @not');
  });

  it('says when no server offers resources, and Enter still does not send', () => {
    const { props, textarea } = setup({ resources: [], templates: [] });
    type(textarea, 'hi @');
    expect(screen.getByText('No resources from your connected servers.')).toBeTruthy();
    fireEvent.keyDown(textarea, { key: 'Enter' });
    expect(props.onSend).not.toHaveBeenCalled();
  });

  it('shows at most 50 rows and how many more there are', () => {
    const many = Array.from({ length: 62 }, (_, index) => ({
      serverId: 'files',
      name: `file-${index}`,
      uri: `file:///${index}`,
    }));
    const { textarea } = setup({ resources: many, templates: [] });
    type(textarea, '@file');
    expect(screen.getAllByRole('option')).toHaveLength(50);
    expect(screen.getByText('12 more, keep typing')).toBeTruthy();
  });

  it('asks for a template’s variable, suggests values, ignores a stale answer and attaches the expanded uri', async () => {
    vi.useFakeTimers();
    const answers: Record<string, { after: number; values: string[] }> = {
      '': { after: 0, values: [] },
      me: { after: 500, values: ['stale answer'] },
      mee: { after: 10, values: ['meeting 2024', 'meetup'] },
    };
    const onComplete = vi.fn(
      ({ argument }: { argument: { value: string } }) =>
        new Promise<string[]>((resolve) => {
          const answer = answers[argument.value] ?? { after: 0, values: [] };
          setTimeout(() => resolve(answer.values), answer.after);
        }),
    );
    const { props, textarea } = setup({ onComplete });
    type(textarea, '@note');
    fireEvent.click(screen.getByRole('option', { name: /Note by name/ }));
    expect(props.onAttach).not.toHaveBeenCalled();
    screen.getByRole('form', { name: 'Arguments for Note by name' });
    const input = screen.getByLabelText(/^name/);

    type(input, 'me');
    await act(() => vi.advanceTimersByTimeAsync(250)); // "me" is asked for; its answer is slow
    type(input, 'mee');
    await act(() => vi.advanceTimersByTimeAsync(250)); // "mee" is asked for and answers first
    expect(onComplete).toHaveBeenLastCalledWith({
      serverId: 'files',
      ref: { type: 'ref/resource', uri: 'file:///notes/{name}' },
      argument: { name: 'name', value: 'mee' },
      context: {},
    });
    const suggestions = screen.getByRole('listbox', { name: 'Suggestions for name' });
    expect(
      within(suggestions)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['meeting 2024', 'meetup']);
    await act(() => vi.advanceTimersByTimeAsync(1000)); // the stale answer for "me" arrives
    expect(screen.queryByText('stale answer')).toBeNull();
    expect(screen.getByText('meetup')).toBeTruthy();

    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect((input as HTMLInputElement).value).toBe('meeting 2024');
    expect(screen.getByText('file:///notes/meeting%202024')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Attach' }));
    expect(props.onAttach).toHaveBeenCalledWith({
      serverId: 'files',
      uri: 'file:///notes/meeting%202024',
      name: 'by-name',
      title: 'Note by name',
    });
    expect(screen.queryByRole('form')).toBeNull();
  });

  it('ignores a failing completion request', async () => {
    const onComplete = vi.fn().mockRejectedValue(new Error('no completions'));
    const { textarea } = setup({ onComplete });
    type(textarea, '@note');
    fireEvent.click(screen.getByRole('option', { name: /Note by name/ }));
    type(screen.getByLabelText(/^name/), 'x');
    await waitFor(() => expect(onComplete).toHaveBeenCalled(), { timeout: 4_000 });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('listbox')).toBeNull();
  });
});

describe('the "/" prompt picker', () => {
  it('lists prompts when "/" starts an empty composer and narrows by name', () => {
    const { props, textarea } = setup();
    type(textarea, '/');
    expect(screen.getByRole('listbox', { name: 'Prompts' })).toBeTruthy();
    expect(optionLabels()).toEqual([
      'GitHub/summarize SummarizeSummarize a topic in a chosen style',
      'Files/help',
    ]);
    expect(props.onPickerOpen).toHaveBeenCalledWith('prompts');
    type(textarea, '/he');
    expect(optionLabels()).toEqual(['Files/help']);
    type(textarea, 'a /he');
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('runs a prompt without arguments at once and clears the text', () => {
    const { props, textarea } = setup();
    type(textarea, '/he');
    fireEvent.keyDown(textarea, { key: 'Enter' });
    expect(props.onRunPrompt).toHaveBeenCalledWith(help, {});
    expect(props.onSend).not.toHaveBeenCalled();
    expect(textarea.value).toBe('');
  });

  it('blocks Run until the required argument is filled, then runs with the values', async () => {
    const onComplete = vi.fn().mockResolvedValue(['short', 'long']);
    const { props, textarea } = setup({ onComplete });
    type(textarea, '/sum');
    fireEvent.keyDown(textarea, { key: 'Tab' });
    screen.getByRole('form', { name: 'Arguments for /summarize' });
    expect(screen.getByText('Short or long')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Run' }));
    expect(screen.getByRole('alert').textContent).toBe('Fill in Topic.');
    expect(props.onRunPrompt).not.toHaveBeenCalled();

    type(screen.getByLabelText(/^Topic/), 'cats');
    expect(screen.queryByRole('alert')).toBeNull();
    const style = screen.getByLabelText(/^style/);
    act(() => style.focus());
    type(style, 'sh');
    await waitFor(
      () =>
        expect(onComplete).toHaveBeenCalledWith({
          serverId: 'gh',
          ref: { type: 'ref/prompt', name: 'summarize' },
          argument: { name: 'style', value: 'sh' },
          context: { topic: 'cats' },
        }),
      { timeout: 4_000 },
    );
    fireEvent.click(await screen.findByRole('option', { name: 'short' }, { timeout: 4_000 }));
    fireEvent.click(screen.getByRole('button', { name: 'Run' }));
    expect(props.onRunPrompt).toHaveBeenCalledWith(summarize, { topic: 'cats', style: 'short' });
    expect(screen.queryByRole('form')).toBeNull();
  });

  it('closes the form on Escape and on Cancel without running', () => {
    const { props, textarea } = setup();
    type(textarea, '/summarize');
    fireEvent.keyDown(textarea, { key: 'Enter' });
    fireEvent.keyDown(screen.getByLabelText(/^Topic/), { key: 'Escape' });
    expect(screen.queryByRole('form')).toBeNull();
    type(textarea, '/summarize');
    fireEvent.keyDown(textarea, { key: 'Enter' });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('form')).toBeNull();
    expect(props.onRunPrompt).not.toHaveBeenCalled();
  });
});

describe('attachment chips', () => {
  it('shows each attachment with its server icon and removes it with ×', () => {
    const { props } = setup({
      attachments: [
        { serverId: 'files', uri: 'file:///notes.md', name: 'notes', title: 'Meeting notes' },
        { serverId: 'gh', uri: 'mem://archive', name: 'archive' },
      ],
    });
    const chips = screen.getByRole('list', { name: 'Attached to your next message' });
    expect(
      within(chips)
        .getAllByRole('listitem')
        .map((chip) => chip.textContent),
    ).toEqual(['Meeting notes×', 'Garchive×']);
    expect(chips.querySelector('img')?.getAttribute('src')).toBe('data:image/png;base64,AAAA');
    fireEvent.click(screen.getByRole('button', { name: 'Remove archive' }));
    expect(props.onDetach).toHaveBeenCalledWith('mem://archive');
  });

  it('does not attach the same resource twice', () => {
    const { props, textarea } = setup({
      attachments: [{ serverId: 'files', uri: 'file:///notes.md', name: 'notes' }],
    });
    type(textarea, '@notes');
    fireEvent.keyDown(textarea, { key: 'Enter' });
    expect(props.onAttach).not.toHaveBeenCalled();
  });
});

describe('the composer without pickers', () => {
  it('sends on Enter, not on Shift+Enter, and offers Stop while busy', () => {
    const onSend = vi.fn();
    const { rerender } = render(<Composer busy={false} onSend={onSend} onStop={vi.fn()} />);
    const textarea = screen.getByRole('textbox', { name: 'Message' });
    type(textarea, '@someone hello ');
    expect(screen.queryByRole('listbox')).toBeNull();
    fireEvent.keyDown(textarea, { key: 'Enter', shiftKey: true });
    expect(onSend).not.toHaveBeenCalled();
    fireEvent.keyDown(textarea, { key: 'Enter' });
    expect(onSend).toHaveBeenCalledWith('@someone hello');
    expect((textarea as HTMLTextAreaElement).value).toBe('');
    const onStop = vi.fn();
    rerender(<Composer busy onSend={onSend} onStop={onStop} />);
    fireEvent.click(screen.getByRole('button', { name: 'Stop' }));
    expect(onStop).toHaveBeenCalled();
  });

  it('sends with pickers too, once no picker is open', () => {
    const { props, textarea } = setup();
    type(textarea, 'plain question');
    fireEvent.keyDown(textarea, { key: 'Enter' });
    expect(props.onSend).toHaveBeenCalledWith('plain question');
  });
});
