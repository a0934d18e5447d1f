import type { ResourcePartData } from '../../src/chat-message/resource-parts';

export interface ResourceChipsProps {
  resources: ResourcePartData[];
  /** Opens one to read; absent for a transcript that cannot reach its servers. */
  onOpen?(resource: ResourcePartData): void;
}

/** The resources a message carried, as chips the person can open to see what the model read. */
export function ResourceChips({ resources, onOpen }: ResourceChipsProps) {
  if (!resources.length) return null;
  return (
    <ul className="resource-chips" aria-label="Attached resources">
      {resources.map((resource) => {
        const label = resource.title ?? resource.name;
        return (
          <li key={`${resource.serverId} ${resource.uri}`}>
            <button
              type="button"
              className="resource-chip"
              title={resource.uri}
              disabled={!onOpen}
              onClick={() => onOpen?.(resource)}
            >
              <span aria-hidden="true">@</span> {label}
              {resource.truncated ? <span className="muted"> (cut)</span> : null}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
