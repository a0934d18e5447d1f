import { lazy, Suspense, type ReactNode } from 'react';
import type { ServerView, ToolView } from '../../src/messaging/contract';
import type { AskForSites } from '../../src/permissions/ask-for-sites';

// What an empty chat suggests loads when first shown.
const EmptyChatPanel = lazy(() => import('./EmptyChatPanel'));

/** An empty chat: what it can do and questions to start with, then the one-time tips. */
export function ChatStart({
  servers,
  tools,
  askForSites,
  onAsk,
  tips,
}: {
  servers: ServerView[];
  tools: ToolView[];
  askForSites: AskForSites;
  onAsk(text: string): void;
  tips: ReactNode;
}) {
  return (
    <>
      <Suspense fallback={null}>
        <EmptyChatPanel servers={servers} tools={tools} askForSites={askForSites} onAsk={onAsk} />
      </Suspense>
      {tips}
    </>
  );
}
