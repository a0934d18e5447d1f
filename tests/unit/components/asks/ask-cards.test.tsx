// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ElicitationCard,
  type ElicitationCardProps,
} from '../../../../components/asks/ElicitationCard';
import { SamplingCard, type SamplingCardProps } from '../../../../components/asks/SamplingCard';

afterEach(cleanup);

const mixedSchema = {
  type: 'object',
  properties: {
    name: { type: 'string', title: 'Name', minLength: 2 },
    email: { type: 'string', title: 'Email', format: 'email' },
    age: { type: 'integer', title: 'Age', minimum: 1, maximum: 120, default: 30 },
    newsletter: { type: 'boolean', title: 'Newsletter' },
    color: {
      type: 'string',
      title: 'Color',
      oneOf: [
        { const: 'red', title: 'Red' },
        { const: 'blue', title: 'Blue' },
      ],
      default: 'blue',
    },
    topics: {
      type: 'array',
      title: 'Topics',
      items: {
        anyOf: [
          { const: 'news', title: 'News' },
          { const: 'sports', title: 'Sports' },
        ],
      },
      default: ['sports'],
    },
  },
  required: ['name', 'age'],
};

function elicitation(overrides: Partial<ElicitationCardProps> = {}) {
  const props: ElicitationCardProps = {
    serverName: 'Notion',
    message: 'Who should we invite?',
    mode: 'form',
    requestedSchema: mixedSchema,
    onAccept: vi.fn(),
    onDecline: vi.fn(),
    onCancel: vi.fn(),
    ...overrides,
  };
  const rendered = render(<ElicitationCard {...props} />);
  return { props, ...rendered };
}

function input(label: string): HTMLInputElement {
  return screen.getByLabelText(label);
}

describe('ElicitationCard, form mode', () => {
  it('says who asks, with the message as plain text', () => {
    const { container } = elicitation({ message: '<b>Pick</b> one' });
    expect(screen.getByRole('group', { name: 'Notion asks for information' })).toBeTruthy();
    expect(screen.getByText('<b>Pick</b> one')).toBeTruthy();
    expect(container.querySelector('b')).toBeNull();
    expect(container.querySelector('[data-ask-kind="elicitation-form"]')).toBeTruthy();
  });

  it('prefills the defaults', () => {
    elicitation();
    expect(input('Age').value).toBe('30');
    expect((screen.getByLabelText('Color') as HTMLSelectElement).value).toBe('blue');
    expect(input('Sports').checked).toBe(true);
    expect(input('News').checked).toBe(false);
    expect(input('Newsletter').checked).toBe(false);
    expect(input('Name').value).toBe('');
  });

  it('uses an input of the right kind for each field, tied to its label', () => {
    elicitation();
    expect(input('Email').type).toBe('email');
    expect(input('Age').type).toBe('number');
    expect(input('Newsletter').type).toBe('checkbox');
    expect(screen.getByLabelText('Color').tagName).toBe('SELECT');
    expect(screen.getByRole('group', { name: 'Topics' }).tagName).toBe('FIELDSET');
    expect(input('Name').required).toBe(true);
    expect(input('Email').required).toBe(false);
  });

  it('sends typed content when everything is valid', () => {
    const { props } = elicitation();
    fireEvent.change(input('Name'), { target: { value: 'Ada' } });
    fireEvent.change(input('Email'), { target: { value: 'ada@example.com' } });
    fireEvent.change(input('Age'), { target: { value: '42' } });
    fireEvent.click(input('Newsletter'));
    fireEvent.change(screen.getByLabelText('Color'), { target: { value: 'red' } });
    fireEvent.click(input('News'));
    fireEvent.click(screen.getByRole('button', { name: 'Accept and send to Notion' }));
    expect(props.onAccept).toHaveBeenCalledTimes(1);
    expect(props.onAccept).toHaveBeenCalledWith({
      name: 'Ada',
      email: 'ada@example.com',
      age: 42,
      newsletter: true,
      color: 'red',
      topics: ['news', 'sports'],
    });
  });

  it('shows why a field is invalid, focuses the first one, and sends nothing', () => {
    const { props } = elicitation();
    expect(screen.queryByText('Required.')).toBeNull();
    fireEvent.change(input('Age'), { target: { value: '500' } });
    // Before Accept, no error yet: the person is still typing.
    expect(input('Age').getAttribute('aria-invalid')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /^Accept/ }));

    expect(props.onAccept).not.toHaveBeenCalled();
    expect(screen.getByText('Required.')).toBeTruthy();
    expect(screen.getByText('Enter a whole number between 1 and 120.')).toBeTruthy();
    expect(input('Name').getAttribute('aria-invalid')).toBe('true');
    expect(input('Age').getAttribute('aria-invalid')).toBe('true');
    expect(input('Age').getAttribute('aria-describedby')).toContain(
      screen.getByText('Enter a whole number between 1 and 120.').id,
    );
    expect(document.activeElement).toBe(input('Name'));

    // Fixing a field clears its error at once.
    fireEvent.change(input('Name'), { target: { value: 'Ada' } });
    expect(screen.queryByText('Required.')).toBeNull();
    fireEvent.change(input('Age'), { target: { value: '7' } });
    fireEvent.click(screen.getByRole('button', { name: /^Accept/ }));
    expect(props.onAccept).toHaveBeenCalledWith({
      name: 'Ada',
      age: 7,
      color: 'blue',
      topics: ['sports'],
    });
  });

  it('warns when a field looks like it asks for a secret, and masks it', () => {
    elicitation({
      requestedSchema: {
        type: 'object',
        properties: {
          user: { type: 'string', title: 'User' },
          apiKey: { type: 'string', title: 'API key' },
        },
      },
    });
    expect(screen.getByRole('alert').textContent).toBe(
      'Notion is asking for something that looks like a password or secret. MCP servers should never ask for these in a form; only continue if you trust this server.',
    );
    expect(input('API key').type).toBe('password');
    expect(input('API key').autocomplete).toBe('off');
    expect(input('User').type).toBe('text');
    const warning = screen.getByText(
      'This looks like a password or secret. Only enter it if you trust Notion.',
    );
    expect(input('API key').getAttribute('aria-describedby')).toContain(warning.id);
  });

  it('shows no secret warning for an ordinary form', () => {
    elicitation();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('declines and cancels', () => {
    const { props } = elicitation();
    fireEvent.click(screen.getByRole('button', { name: "Decline Notion's request" }));
    expect(props.onDecline).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: "Cancel Notion's request" }));
    expect(props.onCancel).toHaveBeenCalledTimes(1);
    expect(props.onAccept).not.toHaveBeenCalled();
  });

  it('renders the usable fields of a schema with unusable ones, and names the rest', () => {
    const { props } = elicitation({
      requestedSchema: {
        type: 'object',
        properties: {
          address: { type: 'object', properties: { street: { type: 'string' } } },
          city: { type: 'string', title: 'City' },
        },
      },
    });
    expect(input('City')).toBeTruthy();
    expect(screen.getByText('address').tagName).toBe('CODE');
    fireEvent.change(input('City'), { target: { value: 'Oslo' } });
    fireEvent.click(screen.getByRole('button', { name: /^Accept/ }));
    expect(props.onAccept).toHaveBeenCalledWith({ city: 'Oslo' });
  });

  it('does not read a field named like an Object.prototype member as already in error', () => {
    elicitation({
      requestedSchema: {
        type: 'object',
        properties: { constructor: { type: 'string', title: 'Builder' } },
      },
    });
    expect(input('Builder').getAttribute('aria-invalid')).toBeNull();
    expect(input('Builder').value).toBe('');
  });

  it('shows only a data: icon, so the card loads nothing', () => {
    const { container } = elicitation({ iconDataUrl: 'data:image/png;base64,iVBORw0KGgo=' });
    expect(container.querySelector('img')?.getAttribute('src')).toBe(
      'data:image/png;base64,iVBORw0KGgo=',
    );
    cleanup();
    const remote = elicitation({ iconDataUrl: 'https://tracker.example/pixel.png' });
    expect(remote.container.querySelector('img')).toBeNull();
  });

  it('says how long the server waits', () => {
    elicitation({ expiresAt: Date.now() + 9.5 * 60_000 });
    expect(screen.getByText('Waiting for your answer · expires in 9 min')).toBeTruthy();
  });
});

describe('ElicitationCard, URL mode', () => {
  const url = 'https://accounts.example.com/connect?state=abc';

  it('shows the host prominently and opens it only when asked', () => {
    const { props, container } = elicitation({
      mode: 'url',
      url,
      message: 'Connect your calendar',
      requestedSchema: undefined,
    });
    expect(container.querySelector('[data-ask-kind="elicitation-url"]')).toBeTruthy();
    expect(screen.getByText('Notion wants you to open a page')).toBeTruthy();
    expect(container.querySelector('.ask-host')?.textContent).toBe('accounts.example.com');
    expect(screen.getByText(url)).toBeTruthy();
    expect(screen.getByText('Connect your calendar')).toBeTruthy();
    expect(container.querySelector('a')).toBeNull();
    expect(props.onAccept).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Open accounts.example.com' }));
    expect(props.onAccept).toHaveBeenCalledTimes(1);
    // No content: the click event must not pass for an answer.
    expect(props.onAccept).toHaveBeenCalledWith();

    fireEvent.click(screen.getByRole('button', { name: "Decline Notion's request" }));
    expect(props.onDecline).toHaveBeenCalledTimes(1);
  });

  it.each([
    'javascript:alert(document.cookie)',
    'http://accounts.example.com/',
    'file:///etc/hosts',
  ])('refuses %s and offers only Decline', (refused) => {
    const { props } = elicitation({ mode: 'url', url: refused });
    expect(screen.getByRole('alert').textContent).toMatch(/^Patchbay will not open this page\./);
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual(['Decline']);
    fireEvent.click(screen.getByRole('button', { name: "Decline Notion's request" }));
    expect(props.onDecline).toHaveBeenCalled();
    expect(props.onAccept).not.toHaveBeenCalled();
  });

  it('waits for the server once the page is open, and can still be cancelled', () => {
    const { props } = elicitation({ mode: 'url', url, phase: 'opened' });
    expect(screen.getByRole('status').textContent).toBe(
      'Waiting for Notion to confirm you finished on accounts.example.com…',
    );
    expect(screen.queryByRole('button', { name: /^Open/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: "Cancel Notion's request" }));
    expect(props.onCancel).toHaveBeenCalledTimes(1);
  });

  it('says when the server confirmed', () => {
    elicitation({ mode: 'url', url, phase: 'completed' });
    expect(screen.getByRole('status').textContent).toBe('Notion confirmed it is done.');
    expect(screen.queryAllByRole('button')).toEqual([]);
  });
});

const samplingRequest: SamplingCardProps['request'] = {
  systemPrompt: 'You summarize.',
  messages: [
    { role: 'user', content: { type: 'text', text: 'Summarize this page.' } },
    {
      role: 'user',
      content: [
        { type: 'text', text: 'And this chart:' },
        { type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' },
        { type: 'image', data: 'https://tracker.example/x.png', mimeType: 'image/png' },
        { type: 'audio', data: 'AAAA', mimeType: 'audio/wav' },
      ],
    },
  ],
  maxTokens: 500,
  modelPreferences: { hints: [{ name: 'claude-sonnet' }] },
};

function sampling(overrides: Partial<SamplingCardProps> = {}) {
  const props: SamplingCardProps = {
    serverName: 'Notion',
    request: samplingRequest,
    samplingEnabled: true,
    phase: 'review',
    modelName: 'gpt-4o',
    onEnableSampling: vi.fn(),
    onRun: vi.fn(),
    onSend: vi.fn(),
    onRefuse: vi.fn(),
    ...overrides,
  };
  const rendered = render(<SamplingCard {...props} />);
  return { props, ...rendered };
}

describe('SamplingCard', () => {
  it('shows the request for review and runs it as edited', () => {
    const { props, container } = sampling();
    expect(container.querySelector('[data-ask-kind="sampling"]')).toBeTruthy();
    expect(screen.getByText('Notion wants to use your model')).toBeTruthy();
    expect((screen.getByLabelText('System prompt') as HTMLTextAreaElement).value).toBe(
      'You summarize.',
    );
    expect(screen.getByText('Notion suggests claude-sonnet. Patchbay runs gpt-4o.')).toBeTruthy();
    const images = [...container.querySelectorAll('img')];
    expect(images.map((image) => image.getAttribute('src'))).toEqual([
      'data:image/png;base64,iVBORw0KGgo=',
    ]);
    expect(screen.getByText('An image Patchbay cannot show.')).toBeTruthy();
    expect(screen.getByText('An audio clip (audio/wav), not played here.')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Message 1 (user)'), {
      target: { value: 'Summarize this page briefly.' },
    });
    fireEvent.change(screen.getByLabelText('Longest answer (tokens)'), {
      target: { value: '200' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Run on gpt-4o' }));
    expect(props.onRun).toHaveBeenCalledWith({
      systemPrompt: 'You summarize.',
      messages: [
        { role: 'user', text: 'Summarize this page briefly.' },
        { role: 'user', text: 'And this chart:' },
      ],
      maxTokens: 200,
    });
  });

  it('does not run with more tokens than the server asked for', () => {
    const { props } = sampling();
    fireEvent.change(screen.getByLabelText('Longest answer (tokens)'), {
      target: { value: '501' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Run on gpt-4o' }));
    expect(props.onRun).not.toHaveBeenCalled();
    expect(screen.getByText('Enter a whole number between 1 and 500.')).toBeTruthy();
  });

  it('offers to switch sampling on instead of running when it is off', () => {
    const { props } = sampling({ samplingEnabled: false });
    expect(
      screen.getByText(
        'Sampling is off for Notion. Patchbay never runs your model for a server without asking.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Run/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Allow Notion to ask' }));
    expect(props.onEnableSampling).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: "Refuse Notion's request" }));
    expect(props.onRefuse).toHaveBeenCalledTimes(1);
    expect(props.onRun).not.toHaveBeenCalled();
  });

  it('shows a busy line while the model runs', () => {
    sampling({ phase: 'running' });
    expect(screen.getByRole('status').textContent).toBe('Running on gpt-4o…');
    expect(screen.queryByRole('button', { name: /^Run/ })).toBeNull();
  });

  it('sends the answer as the person edited it, even when it arrives after the first render', () => {
    const { props, rerender } = sampling({ phase: 'running' });
    rerender(<SamplingCard {...props} phase="answer" answer="A short summary." />);
    const answer = screen.getByLabelText('Answer from gpt-4o') as HTMLTextAreaElement;
    expect(answer.value).toBe('A short summary.');
    fireEvent.change(answer, { target: { value: 'A shorter summary.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send to Notion' }));
    expect(props.onSend).toHaveBeenCalledWith('A shorter summary.');
  });

  it('shows why the run failed and offers only Refuse', () => {
    const { props } = sampling({ phase: 'failed', error: 'The model is not configured.' });
    expect(screen.getByRole('alert').textContent).toBe('The model is not configured.');
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual(['Refuse']);
    fireEvent.click(screen.getByRole('button', { name: "Refuse Notion's request" }));
    expect(props.onRefuse).toHaveBeenCalled();
  });
});
