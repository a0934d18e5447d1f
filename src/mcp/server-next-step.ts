import type { ServerView } from '../messaging/views';

/**
 * The one step a switched-on server's state calls for, the same on its Servers card and in the
 * chat's notice: its switch while it is off or works (or is on its way there), otherwise what
 * unblocks it.
 */
export type ServerNextStep =
  'switch' | 'allow-access' | 'enter-client-id' | 'enter-header' | 'sign-in' | 'retry';

/**
 * The server's next step; `canEdit`: the server has an Edit form (custom servers), where a
 * header's value or a client ID is entered.
 */
export function serverNextStep(server: ServerView, canEdit: boolean): ServerNextStep {
  if (!server.isEnabled) return 'switch';
  const { status } = server;
  if (status.needsAccess?.length) return 'allow-access';
  if (status.state === 'connected') return 'switch';
  // A header without its value is what it waits for, not a sign-in.
  if (server.missingHeaders?.length && canEdit) return 'enter-header';
  if (status.needsClientId) return canEdit ? 'enter-client-id' : 'sign-in';
  switch (status.state) {
    case 'needs-auth':
    case 'invalid-token':
      return 'sign-in';
    case 'error':
    case 'cloudflare-error':
      return 'retry';
    default:
      return 'switch';
  }
}
