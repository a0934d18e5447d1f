import type { Attachment } from '../../src/composer/attachment';
import type { ServerView } from '../../src/messaging/contract';
import { lazy, Suspense } from 'react';
import type { useResourceReader } from '../resources/use-resource-reader';

// The dialog shows only once a resource link is clicked: it loads beside the first render.
const resourceDialog = import('../resources/ResourceDialog');
const ResourceDialog = lazy(() =>
  resourceDialog.then((module) => ({ default: module.ResourceDialog })),
);

/** A resource the chat opened, read in a dialog; "Attach" adds it to the next message. */
export function SessionResourceDialog({
  reader,
  servers,
  onAttach,
}: {
  reader: ReturnType<typeof useResourceReader>;
  servers: ServerView[];
  onAttach(attachment: Attachment): void;
}) {
  const { open, close: onClose } = reader;
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <ResourceDialog
        serverName={servers.find((server) => server.id === open.serverId)?.name ?? open.serverId}
        uri={open.uri}
        {...(open.title ? { title: open.title } : {})}
        state={open.state}
        onClose={onClose}
        onAttach={() => {
          onAttach({
            serverId: open.serverId,
            uri: open.uri,
            name: open.title ?? open.uri,
            ...(open.mimeType ? { mimeType: open.mimeType } : {}),
          });
          onClose();
        }}
      />
    </Suspense>
  );
}
