import { useEffect, useRef } from 'react';
import type { ResourceContents } from '../../src/messaging/features-contract';
import { ResourcePreview } from './ResourcePreview';

export type ResourceDialogState =
  | { status: 'loading' }
  | { status: 'failed'; error: string }
  | { status: 'ready'; contents: ResourceContents[] };

export interface ResourceDialogProps {
  serverName: string;
  uri: string;
  title?: string;
  state: ResourceDialogState;
  onClose(): void;
  /** Attaches the resource to the next message; absent where that makes no sense. */
  onAttach?(): void;
}

/** One server resource, read and previewed, over the panel (Escape or Close leaves). */
export function ResourceDialog(props: ResourceDialogProps) {
  const closeButton = useRef<HTMLButtonElement>(null);
  const { onClose } = props;
  useEffect(() => {
    closeButton.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);
  const label = props.title ?? props.uri;
  return (
    <div className="resource-dialog-backdrop">
      <div
        className="resource-dialog"
        role="dialog"
        aria-modal="true"
        aria-label={`${label} from ${props.serverName}`}
      >
        <header className="resource-dialog-head">
          <div>
            <strong>{label}</strong>
            <p className="muted">
              {props.serverName} · <code>{props.uri}</code>
            </p>
          </div>
          <button type="button" ref={closeButton} onClick={props.onClose}>
            Close
          </button>
        </header>
        <div className="resource-dialog-body">
          {props.state.status === 'loading' ? <p className="muted">Reading…</p> : null}
          {props.state.status === 'failed' ? (
            <p className="server-error" role="alert">
              {props.state.error}
            </p>
          ) : null}
          {props.state.status === 'ready' ? (
            <ResourcePreview contents={props.state.contents} />
          ) : null}
        </div>
        {props.onAttach && props.state.status === 'ready' ? (
          <div className="form-actions">
            <button type="button" className="primary" onClick={props.onAttach}>
              Attach to message
            </button>
          </div>
        ) : null}
      </div>
    </div>
  );
}
