import { useEffect, useRef } from 'react';
import type { ComposerRequest } from '../../src/panel-entry/composer-request';

/**
 * A routine's notification asks the panel for its run's chat (src/panel-entry/panel-entry.ts):
 * the chat opens, on the Chat tab, once per request.
 */
export function useOpenRunChat(
  request: ComposerRequest | undefined,
  open: (chatId: string) => Promise<unknown>,
  showChat: () => void,
): void {
  const opened = useRef<string | undefined>(undefined);
  const openRef = useRef(open);
  useEffect(() => {
    openRef.current = open;
  }, [open]);
  useEffect(() => {
    if (!request?.openChat || opened.current === request.id) return;
    opened.current = request.id;
    void openRef.current(request.openChat).then(showChat, () => undefined);
  }, [request, showChat]);
}
