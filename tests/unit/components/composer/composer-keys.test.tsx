// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Composer, type ComposerProps } from '../../../../components/composer/Composer';
import { composerKeyAction } from '../../../../src/composer/composer-keys';

afterEach(cleanup);

const key = (name: string, shiftKey = false, isComposing = false) => ({
  key: name,
  shiftKey,
  isComposing,
});
const idle = { busy: false, empty: true, canEditLast: true };

describe('what a key does in the composer', () => {
  it('sends on Enter, leaves Shift+Enter and a composing Enter to the text', () => {
    expect(composerKeyAction(key('Enter'), { ...idle, empty: false })).toBe('send');
    expect(composerKeyAction(key('Enter', true), { ...idle, empty: false })).toBeUndefined();
    expect(composerKeyAction(key('Enter', false, true), idle)).toBeUndefined();
  });

  it('stops on Escape only while an answer is coming', () => {
    expect(composerKeyAction(key('Escape'), { ...idle, busy: true })).toBe('stop');
    expect(composerKeyAction(key('Escape'), idle)).toBeUndefined();
  });

  it('edits the last message on Up only in an empty composer, with a message to edit', () => {
    expect(composerKeyAction(key('ArrowUp'), idle)).toBe('edit-last');
    expect(composerKeyAction(key('ArrowUp'), { ...idle, empty: false })).toBeUndefined();
    expect(composerKeyAction(key('ArrowUp'), { ...idle, canEditLast: false })).toBeUndefined();
    expect(composerKeyAction(key('ArrowUp'), { ...idle, busy: true })).toBeUndefined();
    expect(composerKeyAction(key('ArrowUp', true), idle)).toBeUndefined();
  });
});

function setup(overrides: Partial<ComposerProps> = {}) {
  const props: ComposerProps = {
    busy: false,
    onSend: vi.fn(),
    onStop: vi.fn(),
    onEditLast: vi.fn(),
    ...overrides,
  };
  render(<Composer {...props} />);
  return { props, textarea: screen.getByRole('textbox', { name: 'Message' }) };
}

describe('the composer’s keys', () => {
  it('stops a streaming answer on Escape', () => {
    const { props, textarea } = setup({ busy: true });
    fireEvent.keyDown(textarea, { key: 'Escape' });
    expect(props.onStop).toHaveBeenCalledTimes(1);
  });

  it('opens the last message for editing on Up when empty, and moves the caret otherwise', () => {
    const { props, textarea } = setup();
    fireEvent.keyDown(textarea, { key: 'ArrowUp' });
    expect(props.onEditLast).toHaveBeenCalledTimes(1);
    fireEvent.change(textarea, { target: { value: 'two\nlines' } });
    fireEvent.keyDown(textarea, { key: 'ArrowUp' });
    expect(props.onEditLast).toHaveBeenCalledTimes(1);
  });

  it('sends the text on Enter and keeps it on Shift+Enter', () => {
    const { props, textarea } = setup();
    fireEvent.change(textarea, { target: { value: 'hello' } });
    fireEvent.keyDown(textarea, { key: 'Enter', shiftKey: true });
    expect(props.onSend).not.toHaveBeenCalled();
    fireEvent.keyDown(textarea, { key: 'Enter' });
    expect(props.onSend).toHaveBeenCalledWith('hello');
  });
});

describe('sending without text', () => {
  it('sends an empty text when images wait to go, and not otherwise', () => {
    const idleComposer = setup();
    const send = () => screen.getByRole('button', { name: 'Send' });
    expect(send()).toHaveProperty('disabled', true);
    fireEvent.keyDown(idleComposer.textarea, { key: 'Enter' });
    expect(idleComposer.props.onSend).not.toHaveBeenCalled();
    cleanup();

    const withImages = setup({ sendsWithoutText: true });
    expect(send()).toHaveProperty('disabled', false);
    fireEvent.keyDown(withImages.textarea, { key: 'Enter' });
    expect(withImages.props.onSend).toHaveBeenCalledWith('');
  });
});
