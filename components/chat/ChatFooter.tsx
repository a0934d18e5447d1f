import { lazy, Suspense, type ReactNode } from 'react';
import type { ServerView } from '../../src/messaging/contract';
import type { AskForSites } from '../../src/permissions/ask-for-sites';
import type { OpenServer } from './use-server-problems';

// The notice of servers with a problem loads when first shown.
const ServerProblems = lazy(() => import('./ServerProblems'));

/**
 * What stays pinned under the transcript: servers with a problem, the chat's notices (a save
 * that failed, an attachment that could not be read), and the composer.
 */
export function ChatFooter({
  servers,
  askForSites,
  onOpenServer,
  notices,
  children,
}: {
  servers: ServerView[];
  askForSites: AskForSites;
  onOpenServer: OpenServer | undefined;
  notices: (string | undefined)[];
  children: ReactNode;
}) {
  // Only a switched-on server not connected can have a problem to show.
  const troubled = servers.some(
    (server) => server.isEnabled && server.status.state !== 'connected',
  );
  return (
    <div className="chat-footer">
      {troubled ? (
        <Suspense fallback={null}>
          <ServerProblems servers={servers} askForSites={askForSites} onOpenServer={onOpenServer} />
        </Suspense>
      ) : null}
      {notices.map((notice, index) =>
        notice ? (
          <p key={index} className="chat-error" role="alert">
            {notice}
          </p>
        ) : null,
      )}
      {children}
    </div>
  );
}
