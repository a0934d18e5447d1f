import { useEffect, useRef } from 'react';
import type { ComposerRequest } from '../../src/panel-entry/composer-request';

/**
 * A routine's notification asks the panel for its run's chat (src/panel-entry/panel-entry.ts):
 * the chat opens, on the Chat tab, once per request; a run that never wrote one (it could not
 * start) shows in the Routines tab.
 */
export function useOpenRunChat(
  request: ComposerRequest | undefined,
  open: (chatId: string) => Promise<boolean>,
  show: { chat(): void; routines(): void },
): void {
  const opened = useRef<string | undefined>(undefined);
  const openRef = useRef(open);
  useEffect(() => {
    openRef.current = open;
  }, [open]);
  useEffect(() => {
    if (!request?.openChat || opened.current === request.id) return;
    opened.current = request.id;
    void openRef.current(request.openChat).then(
      (found) => (found ? show.chat() : show.routines()),
      () => show.routines(),
    );
  }, [request, show]);
}
