/**
 * External clients' calls waiting for the person: each is shown in the side panel (and counted
 * on the toolbar button) until the person answers, the client gives up (its request is
 * cancelled or its connection goes), or {@link APPROVAL_TIMEOUT_MS} passes, which counts as a
 * denial. Held in memory: a worker that stops drops the client's connection too.
 */
import type { ApprovalView } from '../messaging/browser-access-contract';

export type ApprovalDecision = 'approve' | 'deny' | 'always';

/** Long enough to notice the badge and read the card; a client waiting longer gets a denial. */
export const APPROVAL_TIMEOUT_MS = 5 * 60_000;

interface Waiting {
  view: ApprovalView;
  settle(decision: ApprovalDecision | 'timeout' | 'gone'): void;
}

export function createApprovalBroker(onChange: (approvals: ApprovalView[]) => void) {
  const waiting = new Map<string, Waiting>();
  const changed = () => onChange([...waiting.values()].map((entry) => entry.view));

  return {
    /**
     * Waits for the person's answer to `view` (its id must be unique). Resolves with `timeout`
     * when nobody answered in time and `gone` when `signal` aborted first.
     */
    ask(
      view: ApprovalView,
      signal: AbortSignal,
      timeoutMs = APPROVAL_TIMEOUT_MS,
    ): Promise<ApprovalDecision | 'timeout' | 'gone'> {
      if (signal.aborted) return Promise.resolve('gone');
      return new Promise((resolve) => {
        const settle = (decision: ApprovalDecision | 'timeout' | 'gone') => {
          if (!waiting.delete(view.id)) return;
          clearTimeout(timer);
          signal.removeEventListener('abort', onAbort);
          changed();
          resolve(decision);
        };
        const onAbort = () => settle('gone');
        const timer = setTimeout(() => settle('timeout'), timeoutMs);
        signal.addEventListener('abort', onAbort);
        waiting.set(view.id, { view, settle });
        changed();
      });
    },
    /** The person's answer; false when the call no longer waits. */
    answer(id: string, decision: ApprovalDecision): boolean {
      const entry = waiting.get(id);
      if (!entry) return false;
      entry.settle(decision);
      return true;
    },
    /** Denies every waiting call (the switch was turned off); with `clientId`, that client's. */
    denyAll(clientId?: string): void {
      for (const entry of [...waiting.values()]) {
        if (clientId === undefined || entry.view.clientId === clientId) entry.settle('deny');
      }
    },
    list(): ApprovalView[] {
      return [...waiting.values()].map((entry) => entry.view);
    },
  };
}

export type ApprovalBroker = ReturnType<typeof createApprovalBroker>;
