// @vitest-environment happy-dom
/**
 * A feature's switch behind its browser permissions, as the panel shows it ("Use this browser",
 * browser access): the sentence before Chrome asks, Allow, refusal (stays off, with the
 * sentence), a feature on without them (an update that did not carry them over, or the person
 * took them back in chrome://extensions), against the in-memory twin of chrome.permissions.
 */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { PermissionNote } from '../../../../components/permissions/PermissionNote';
import { usePermissionSwitch } from '../../../../components/permissions/use-permission-switch';
import {
  BROWSER_PERMISSIONS,
  createBrowserPermissions,
  whatTheyAllow,
} from '../../../../src/permissions/browser-permissions';
import { createMemoryPermissions } from '../../../../src/platform/memory-permissions';

afterEach(cleanup);

const SENTENCE = whatTheyAllow('Use this browser');

function Feature({
  chrome,
  initiallyOn = false,
}: {
  chrome: ReturnType<typeof createMemoryPermissions>;
  initiallyOn?: boolean;
}) {
  const [permissions] = useState(() => createBrowserPermissions(chrome));
  const [on, setOn] = useState(initiallyOn);
  const gate = usePermissionSwitch({ permissions, feature: 'Use this browser', on, setOn });
  return (
    <div>
      <input
        type="checkbox"
        role="switch"
        aria-label="Use this browser"
        checked={on}
        onChange={(event) => gate.toggle(event.target.checked)}
      />
      {gate.note ? (
        <PermissionNote
          feature="Use this browser"
          note={gate.note}
          onAllow={gate.allow}
          onCancel={gate.cancel}
        />
      ) : null}
    </div>
  );
}

const toggle = () => screen.getByRole('switch', { name: 'Use this browser' }) as HTMLInputElement;
const note = () => screen.queryByLabelText('Use this browser: browser permission');
const settle = () => act(async () => new Promise((resolve) => setTimeout(resolve, 0)));

describe('a switch behind browser permissions', () => {
  it('says what they allow before Chrome asks, and switches on once the person allows', async () => {
    const chrome = createMemoryPermissions();
    render(<Feature chrome={chrome} />);
    await settle();
    fireEvent.click(toggle());
    expect(toggle().checked).toBe(false);
    expect(note()?.textContent).toContain(SENTENCE);
    expect(chrome.prompts).toEqual([]);
    chrome.answer('grant');
    fireEvent.click(screen.getByRole('button', { name: 'Allow' }));
    await settle();
    expect(chrome.prompts).toEqual([['tabs', 'tabGroups', '<all_urls>']]);
    expect(toggle().checked).toBe(true);
    expect(note()).toBeNull();
  });

  it('stays off with the sentence when the person refuses', async () => {
    const chrome = createMemoryPermissions();
    render(<Feature chrome={chrome} />);
    await settle();
    fireEvent.click(toggle());
    chrome.answer('refuse');
    fireEvent.click(screen.getByRole('button', { name: 'Allow' }));
    await settle();
    expect(toggle().checked).toBe(false);
    expect(note()?.getAttribute('data-state')).toBe('refused');
    expect(note()?.textContent).toContain(`Not allowed, so it stays off. ${SENTENCE}`);
    fireEvent.click(screen.getByRole('button', { name: 'Not now' }));
    expect(note()).toBeNull();
  });

  it('switches on and off without asking when the permissions are held', async () => {
    const chrome = createMemoryPermissions(BROWSER_PERMISSIONS);
    render(<Feature chrome={chrome} />);
    await settle();
    fireEvent.click(toggle());
    expect(toggle().checked).toBe(true);
    fireEvent.click(toggle());
    expect(toggle().checked).toBe(false);
    expect(chrome.prompts).toEqual([]);
    expect(note()).toBeNull();
  });

  it('shows what is missing when the feature is on without them (after an update)', async () => {
    const chrome = createMemoryPermissions();
    render(<Feature chrome={chrome} initiallyOn />);
    await settle();
    expect(note()?.getAttribute('data-state')).toBe('missing');
    expect(note()?.textContent).toContain(SENTENCE);
    chrome.answer('grant');
    fireEvent.click(screen.getByRole('button', { name: 'Allow' }));
    await settle();
    expect(note()).toBeNull();
    expect(toggle().checked).toBe(true);
  });

  it('notices when the person takes them back in chrome://extensions', async () => {
    const chrome = createMemoryPermissions(BROWSER_PERMISSIONS);
    render(<Feature chrome={chrome} initiallyOn />);
    await settle();
    expect(note()).toBeNull();
    await act(async () => chrome.revoke(['tabs']));
    await settle();
    expect(note()?.getAttribute('data-state')).toBe('missing');
    // Switching off needs no permission, and the note goes with it.
    fireEvent.click(toggle());
    expect(toggle().checked).toBe(false);
    expect(note()).toBeNull();
  });
});
