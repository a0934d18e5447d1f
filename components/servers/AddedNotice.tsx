import type { ServerView } from '../../src/messaging/contract';

/**
 * What became of a server the person just added by hand: switched on, and then its tool count
 * as soon as it connects, or what it waits for. Live: it follows the card's status.
 */
export function addedSentence(server: ServerView): string {
  const { state } = server.status;
  if (state === 'connected')
    return `${server.name} is on: ${server.toolCount} ${server.toolCount === 1 ? 'tool' : 'tools'}.`;
  if (state === 'needs-auth' || state === 'invalid-token')
    return `${server.name} is on: sign in to use its tools.`;
  if (state === 'disconnected') return `${server.name} was added, switched off.`;
  if (state === 'error' || state === 'cloudflare-error')
    return `${server.name} is on but did not connect: its card says why.`;
  return `${server.name} is on: connecting…`;
}

export function AddedNotice({
  server,
  onDismiss,
}: {
  server: ServerView | undefined;
  onDismiss(): void;
}) {
  if (!server) return null;
  return (
    <p className="added-notice" role="status">
      {addedSentence(server)}{' '}
      <button type="button" className="quiet" onClick={onDismiss}>
        OK
      </button>
    </p>
  );
}
