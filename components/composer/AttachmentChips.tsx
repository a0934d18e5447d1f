import type { Attachment } from '../../src/composer/attachment';
import { ServerIcon } from './ServerIcon';

export interface AttachmentChipsProps {
  attachments: readonly Attachment[];
  servers: readonly { id: string; name: string; iconDataUrl?: string }[];
  onDetach(uri: string): void;
}

/** What goes with the next message, each removable before sending. */
export function AttachmentChips({ attachments, servers, onDetach }: AttachmentChipsProps) {
  if (attachments.length === 0) return null;
  return (
    <ul className="attachment-chips" aria-label="Attached to your next message">
      {attachments.map((attachment) => {
        const server = servers.find((candidate) => candidate.id === attachment.serverId);
        const serverName = server?.name ?? attachment.serverId;
        const label = attachment.title ?? attachment.name;
        return (
          <li
            key={attachment.uri}
            className="attachment-chip"
            title={`${serverName}: ${attachment.uri}`}
          >
            <ServerIcon
              name={serverName}
              iconDataUrl={attachment.iconDataUrl ?? server?.iconDataUrl}
            />
            <span className="attachment-chip-label">{label}</span>
            <button
              type="button"
              className="quiet attachment-chip-remove"
              aria-label={`Remove ${label}`}
              onClick={() => onDetach(attachment.uri)}
            >
              ×
            </button>
          </li>
        );
      })}
    </ul>
  );
}
