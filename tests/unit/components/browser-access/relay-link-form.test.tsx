// @vitest-environment happy-dom
/**
 * Settings › Desktop apps, the relay link form: what is typed is saved when focus leaves the
 * form, not each field; a new relay's address waits for its token; Connect saves once, not once
 * for the field it left and again for the click; and a save is not sent twice.
 */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RelayLinkForm } from '../../../../components/browser-access/RelayLinkForm';
import type { RelayLinkInput } from '../../../../components/browser-access/use-relay-link-draft';
import type { LinkView } from '../../../../src/messaging/browser-access-contract';

afterEach(cleanup);

const SAVED: LinkView = {
  url: 'http://127.0.0.1:3456',
  hasToken: true,
  name: 'Patchbay',
  wanted: false,
  state: 'off',
  peers: 0,
};

/** The form over a link that the saves change, as the background's answer does. */
function renderForm(
  saved: LinkView,
  answer: (input: RelayLinkInput) => Promise<boolean> = async () => true,
) {
  const onSave = vi.fn(answer);
  const onConnect = vi.fn();
  function Harness() {
    const [link, setLink] = useState(saved);
    return (
      <>
        <RelayLinkForm
          link={link}
          onSave={async (input) => {
            const done = await onSave(input);
            if (done) setLink({ ...link, url: input.url, name: input.name, hasToken: true });
            return done;
          }}
          onConnect={onConnect}
          onDisconnect={() => undefined}
        />
        <button type="button">Elsewhere</button>
      </>
    );
  }
  render(<Harness />);
  return { onSave, onConnect };
}

const field = (label: string) => screen.getByLabelText<HTMLInputElement>(label);
const type = (label: string, value: string) =>
  fireEvent.change(field(label), { target: { value } });
/** Moves focus as Tab or a click would: the element left hears where focus went. */
const focus = (element: HTMLElement) => act(async () => element.focus());
const elsewhere = () => screen.getByRole('button', { name: 'Elsewhere' });
const formStatus = () => document.querySelector('.form-status')!.textContent;

describe('the relay link form', () => {
  it('saves nothing when the address changes and focus moves on to the token', async () => {
    const { onSave } = renderForm(SAVED);
    await focus(field('Relay address'));
    type('Relay address', 'http://127.0.0.1:4000');
    await focus(field('Token'));
    expect(onSave).not.toHaveBeenCalled();
    // The saved token belongs to the old relay: the new one needs its own.
    expect(field('Token').placeholder).toBe('A new relay needs its own browser token');
    expect(screen.getByRole('button', { name: 'Connect' })).toHaveProperty('disabled', true);
    // Leaving the form without it saves nothing either, and says why.
    await focus(elsewhere());
    expect(onSave).not.toHaveBeenCalled();
    expect(formStatus()).toMatch(/^Not saved: .*address and a token/);
  });

  it('saves address and token together, once, when focus leaves the form', async () => {
    const { onSave } = renderForm(SAVED);
    await focus(field('Relay address'));
    type('Relay address', 'http://127.0.0.1:4000');
    await focus(field('Token'));
    type('Token', 'new-token');
    await focus(field('This browser’s name at the relay'));
    expect(onSave).not.toHaveBeenCalled();
    await focus(elsewhere());
    expect(onSave).toHaveBeenCalledExactlyOnceWith({
      url: 'http://127.0.0.1:4000',
      token: 'new-token',
      name: 'Patchbay',
    });
    expect(formStatus()).toBe('Saved.');
    expect(field('Token').value).toBe('');
    expect(field('Token').placeholder).toBe('Saved; type a new one to replace it');
    // Coming back and leaving with nothing changed sends nothing.
    await focus(field('Relay address'));
    await focus(elsewhere());
    expect(onSave).toHaveBeenCalledTimes(1);
  });

  it('keeps the saved token for the same relay: a new name alone is saved', async () => {
    const { onSave } = renderForm(SAVED);
    await focus(field('This browser’s name at the relay'));
    type('This browser’s name at the relay', 'Work laptop');
    await focus(elsewhere());
    expect(onSave).toHaveBeenCalledExactlyOnceWith({ url: SAVED.url, name: 'Work laptop' });
  });

  it('saves once, then connects, when Connect is clicked after typing', async () => {
    // The background answers only after the click: a press takes focus, then clicks.
    let answer: (done: boolean) => void = () => undefined;
    const { onSave, onConnect } = renderForm(
      { ...SAVED, url: '', hasToken: false },
      () => new Promise<boolean>((resolve) => (answer = resolve)),
    );
    await focus(field('Relay address'));
    type('Relay address', 'http://127.0.0.1:4000');
    await focus(field('Token'));
    type('Token', 'new-token');
    const connect = screen.getByRole('button', { name: 'Connect' });
    await focus(connect);
    await act(async () => fireEvent.click(connect));
    expect(onSave).toHaveBeenCalledExactlyOnceWith({
      url: 'http://127.0.0.1:4000',
      token: 'new-token',
      name: 'Patchbay',
    });
    expect(onConnect).not.toHaveBeenCalled();
    await act(async () => answer(true));
    expect(onSave).toHaveBeenCalledTimes(1);
    expect(onConnect).toHaveBeenCalledTimes(1);
  });

  it('sends no second save while one is on its way; Connect waits for it', async () => {
    let answer: (done: boolean) => void = () => undefined;
    const { onSave, onConnect } = renderForm(
      SAVED,
      () => new Promise<boolean>((resolve) => (answer = resolve)),
    );
    await focus(field('Token'));
    type('Token', 'new-token');
    // A click that does not take focus (focus leaves the form first), then Connect.
    await focus(elsewhere());
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Connect' })));
    expect(onSave).toHaveBeenCalledTimes(1);
    expect(onConnect).not.toHaveBeenCalled();
    await act(async () => answer(true));
    expect(onSave).toHaveBeenCalledTimes(1);
    expect(onConnect).toHaveBeenCalledTimes(1);
  });

  it('does not send a refused save again on leaving, but Connect tries it again', async () => {
    const { onSave, onConnect } = renderForm(SAVED, async () => false);
    await focus(field('Token'));
    type('Token', 'new-token');
    await focus(elsewhere());
    await focus(field('Token'));
    await focus(elsewhere());
    expect(onSave).toHaveBeenCalledTimes(1);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Connect' })));
    expect(onSave).toHaveBeenCalledTimes(2);
    expect(onConnect).not.toHaveBeenCalled();
  });
});
