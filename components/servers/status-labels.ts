import type { ServerState, ServerStatus } from '../../src/messaging/contract';

/**
 * Every status state in plain words, and the tone its badge takes. A card leaves out Off: its
 * switch says it.
 */
export const STATUS_LABELS: Record<
  ServerState,
  { label: string; tone: 'neutral' | 'busy' | 'good' | 'warn' | 'bad' }
> = {
  disconnected: { label: 'Off', tone: 'neutral' },
  'needs-auth': { label: 'Sign-in needed', tone: 'warn' },
  registering: { label: 'Setting up sign-in', tone: 'busy' },
  authorizing: { label: 'Waiting for sign-in', tone: 'busy' },
  authenticated: { label: 'Signed in', tone: 'busy' },
  connecting: { label: 'Connecting…', tone: 'busy' },
  connected: { label: 'Connected', tone: 'good' },
  error: { label: 'Error', tone: 'bad' },
  'token-refresh': { label: 'Refreshing sign-in', tone: 'busy' },
  'cloudflare-error': { label: 'Server error', tone: 'bad' },
  'invalid-token': { label: 'Sign-in expired', tone: 'warn' },
};

/**
 * A status in plain words: a site Chrome has not allowed yet is the person's to allow, not a
 * failure of the server.
 */
export function statusLabel(status: ServerStatus): (typeof STATUS_LABELS)[ServerState] {
  return status.needsAccess?.length
    ? { label: 'Site access needed', tone: 'warn' }
    : STATUS_LABELS[status.state];
}
