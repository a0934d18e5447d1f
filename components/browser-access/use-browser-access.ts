import { useCallback, useEffect, useState } from 'react';
import type { BrowserAccessView } from '../../src/messaging/browser-access-contract';
import type { GlobalPayloads } from '../../src/messaging/contract';
import { useClient } from '../shared/client-context';

type ViewRequest =
  | 'browser-access/link/save'
  | 'browser-access/link/connect'
  | 'browser-access/link/disconnect'
  | 'browser-access/enabled/set'
  | 'browser-access/in-chat/set'
  | 'browser-access/client/policy'
  | 'browser-access/client/forget'
  | 'browser-access/activity/clear';

/**
 * Browser access as the panel shows it: the whole view, kept current from the background's
 * broadcasts, and the requests that change it. A failed request's message is kept for the
 * form that made it (with the field it is about, when there is one).
 */
export function useBrowserAccess() {
  const client = useClient();
  const [view, setView] = useState<BrowserAccessView | undefined>();
  const [error, setError] = useState<{ message: string; field?: string } | undefined>();
  useEffect(() => {
    let live = true;
    let heard = false;
    const stop = client.onBroadcast((message) => {
      if (message.type !== 'browser-access/changed') return;
      heard = true;
      setView(message.payload.view);
    });
    void client.request('browser-access/get').then(
      (answer) => live && !heard && setView(answer.view),
      (reason: unknown) => live && setError({ message: String(reason) }),
    );
    return () => {
      live = false;
      stop();
    };
  }, [client]);

  const send = useCallback(
    async <T extends ViewRequest>(type: T, payload: GlobalPayloads[T]): Promise<boolean> => {
      try {
        const answer = (await client.request(type, payload as never)) as {
          view: BrowserAccessView;
        };
        setView(answer.view);
        setError(undefined);
        return true;
      } catch (reason) {
        const failure = reason as { message?: string; field?: string };
        setError({
          message: failure.message ?? String(reason),
          ...(failure.field !== undefined && { field: failure.field }),
        });
        return false;
      }
    },
    [client],
  );
  const answer = useCallback(
    (id: string, decision: 'approve' | 'deny' | 'always') =>
      void client
        .request('browser-access/approval/answer', { id, decision })
        .catch((reason: unknown) => setError({ message: String(reason) })),
    [client],
  );
  return { view, error, send, answer };
}

export type BrowserAccess = ReturnType<typeof useBrowserAccess>;
