import { useCallback, useEffect, useRef, useState } from 'react';
import {
  composerRequestSchema,
  type ComposerRequest,
} from '../../src/panel-entry/composer-request';
import type { ComposerInbox } from '../../src/platform/ports';

/** The request the panel makes of itself on opening: the composer takes the focus. */
const OPENED: ComposerRequest = { id: 'panel-opened' };

/**
 * What the composer is asked to do: focus when the panel opens, and what the keyboard command
 * or "Ask Patchbay about this…" left for this window (text to add, and focus), read on opening
 * and whenever one arrives. `onRequest` runs for each arrival (the panel shows its chat); the
 * composer calls `applied` once it has taken the request, so switching tabs later does not
 * take the focus again. `focus` asks it of the panel itself (a chat started from an error's
 * "Start a new chat", whose button goes with the old chat).
 */
export function useComposerDraft(
  inbox: ComposerInbox,
  onRequest: () => void,
): { request: ComposerRequest | undefined; applied(): void; focus(): void } {
  const [request, setRequest] = useState<ComposerRequest | undefined>(OPENED);
  useEffect(() => {
    const take = () =>
      void inbox.take().then(
        (value) => {
          const parsed = composerRequestSchema.safeParse(value);
          if (!parsed.success) return;
          setRequest(parsed.data);
          onRequest();
        },
        // Session storage unreadable: nothing to add, the composer stays as it is.
        () => undefined,
      );
    // Listening first: a request that lands while the first read is under way is not missed.
    const stop = inbox.onArrive(take);
    take();
    return stop;
  }, [inbox, onRequest]);
  const applied = useCallback(() => setRequest(undefined), []);
  // A new id each time: the composer applies a request once.
  const asked = useRef(0);
  const focus = useCallback(() => setRequest({ id: `focus-${(asked.current += 1)}` }), []);
  return { request, applied, focus };
}
