import { useRef, useState } from 'react';
import { relayHostOf, tokenStaysWith } from '../../src/browser-access/relay-address';
import type { LinkView } from '../../src/messaging/browser-access-contract';

export type RelayLinkInput = { url: string; token?: string; name: string };

/**
 * The relay link as the person is typing it, and its saving. The address and the token go
 * together: the saved token counts only while the address reaches the relay it was saved for,
 * so a new relay's address waits for its token instead of being saved without one. One save at
 * a time: a second save while one is on its way waits for that one, and leaving the form again
 * does not send once more what the background just refused.
 */
export function useRelayLinkDraft(
  link: LinkView,
  onSave: (input: RelayLinkInput) => Promise<boolean>,
) {
  /** What the person typed since the last save; undefined: the saved value. */
  const [url, setUrl] = useState<string | undefined>();
  const [token, setToken] = useState('');
  const [name, setName] = useState<string | undefined>();
  /** Said quietly by the form: saved, or left without both an address and a token. */
  const [status, setStatus] = useState<'saved' | 'incomplete' | undefined>();
  const inFlight = useRef<Promise<boolean> | undefined>(undefined);
  const refused = useRef<string | undefined>(undefined);
  /** Counts edits, so a save that comes back keeps what was typed while it was on its way. */
  const edits = useRef(0);

  const shownUrl = url ?? link.url;
  const shownName = name ?? link.name;
  const edited = shownUrl !== link.url || shownName !== link.name || token !== '';
  const tokenKept = link.hasToken && tokenStaysWith(link.url, shownUrl);
  /** The relay takes a link only with both its address and a token for that relay. */
  const complete = shownUrl.trim() !== '' && (token.trim() !== '' || tokenKept);
  // A bad address is sent too: the background changes nothing and says what is wrong with it.
  const sendable = complete || (shownUrl.trim() !== '' && relayHostOf(shownUrl) === '');

  const edit = (set: (value: string) => void) => (value: string) => {
    edits.current += 1;
    set(value);
    setStatus(undefined);
  };

  async function send(input: RelayLinkInput): Promise<boolean> {
    const key = JSON.stringify(input);
    const at = edits.current;
    let done: boolean;
    try {
      done = await onSave(input);
    } finally {
      inFlight.current = undefined;
    }
    refused.current = done ? undefined : key;
    if (edits.current === at) {
      if (done) {
        setUrl(undefined);
        setName(undefined);
        setToken('');
      }
      setStatus(done ? 'saved' : undefined);
    }
    return done;
  }

  /**
   * Saves what was typed, when there is something new and whole; true once it is saved.
   * `again` sends what the background refused last time once more (Connect asks for it).
   */
  function save(again = true): Promise<boolean> {
    if (inFlight.current) return inFlight.current;
    if (!edited) return Promise.resolve(true);
    if (!sendable) {
      setStatus('incomplete');
      return Promise.resolve(false);
    }
    const input = { url: shownUrl, name: shownName, ...(token ? { token } : {}) };
    if (!again && refused.current === JSON.stringify(input)) return Promise.resolve(false);
    inFlight.current = send(input);
    return inFlight.current;
  }

  return {
    url: shownUrl,
    token,
    name: shownName,
    tokenKept,
    complete,
    status,
    setUrl: edit(setUrl),
    setToken: edit(setToken),
    setName: edit(setName),
    save,
  };
}
