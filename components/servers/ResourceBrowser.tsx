import type { ReactNode } from 'react';
import type { ResourceTemplateView, ResourceView } from '../../src/messaging/features-contract';
import { ResourcePreview } from '../resources/ResourcePreview';
import { formatBytes } from '../resources/resource-content';
import type { DetailList, PagedList, ResourcePreviewState } from './details-state';
import { ItemIcon } from './ItemIcon';

export interface ResourceBrowserProps {
  serverName: string;
  /** Undefined until the first page was asked for. */
  resources: PagedList<ResourceView> | undefined;
  templates: PagedList<ResourceTemplateView> | undefined;
  /** The resource being read or shown, if any. */
  preview?: ResourcePreviewState;
  onLoadMore(list: Extract<DetailList, 'resources' | 'templates'>): void;
  onRetry(list: Extract<DetailList, 'resources' | 'templates'>): void;
  onOpen(uri: string): void;
  onClosePreview(): void;
}

/**
 * A server's resources, a page at a time, with its resource templates below. Clicking a
 * resource reads it and shows it inline through {@link ResourcePreview}, which loads nothing
 * by itself; icons are `data:` URLs only.
 */
export function ResourceBrowser(props: ResourceBrowserProps) {
  const { resources, templates, preview } = props;
  return (
    <div className="resource-browser">
      <PagedSection
        state={resources}
        what="resources"
        empty={`${props.serverName} lists no resources.`}
        onLoadMore={() => props.onLoadMore('resources')}
        onRetry={() => props.onRetry('resources')}
      >
        {resources?.items.length ? (
          <ul className="detail-list" aria-label={`Resources of ${props.serverName}`}>
            {resources.items.map((resource, index) => (
              <ResourceItem
                key={`${index}:${resource.uri}`}
                resource={resource}
                preview={preview?.uri === resource.uri ? preview : undefined}
                onOpen={() => props.onOpen(resource.uri)}
                onClose={props.onClosePreview}
              />
            ))}
          </ul>
        ) : null}
      </PagedSection>
      {templates && (templates.items.length || templates.error || templates.loading) ? (
        <div className="detail-group">
          <h3 className="detail-group-title">Templates</h3>
          <PagedSection
            state={templates}
            what="templates"
            empty=""
            onLoadMore={() => props.onLoadMore('templates')}
            onRetry={() => props.onRetry('templates')}
          >
            {templates.items.length ? (
              <ul className="detail-list" aria-label={`Resource templates of ${props.serverName}`}>
                {templates.items.map((template, index) => (
                  <TemplateItem key={`${index}:${template.uriTemplate}`} template={template} />
                ))}
              </ul>
            ) : null}
          </PagedSection>
        </div>
      ) : null}
    </div>
  );
}

/** One resource: a button that opens its preview below it, or closes the preview when open. */
function ResourceItem({
  resource,
  preview,
  onOpen,
  onClose,
}: {
  resource: ResourceView;
  /** This resource's preview, while it is the one open. */
  preview: ResourcePreviewState | undefined;
  onOpen(): void;
  onClose(): void;
}) {
  const open = preview !== undefined;
  const label = resource.title ?? resource.name;
  const meta = [
    resource.mimeType,
    resource.size !== undefined ? formatBytes(resource.size) : undefined,
  ].filter(Boolean);
  return (
    <li className="detail-item">
      <button
        type="button"
        className="detail-open"
        aria-expanded={open}
        title={resource.description}
        onClick={() => (open ? onClose() : onOpen())}
      >
        <ItemIcon className="detail-icon" src={resource.iconDataUrl} name={label} />
        <span className="detail-main">
          <span className="detail-name">{label}</span>
          <span className="detail-uri">{resource.uri}</span>
          {meta.length ? <span className="detail-meta">{meta.join(' · ')}</span> : null}
        </span>
      </button>
      {preview ? (
        <PreviewPanel label={label} preview={preview} onRetry={onOpen} onClose={onClose} />
      ) : null}
    </li>
  );
}

/** One resource template: what it is and the address pattern it fills in. */
function TemplateItem({ template }: { template: ResourceTemplateView }) {
  return (
    <li className="detail-item detail-static">
      <ItemIcon
        className="detail-icon"
        src={template.iconDataUrl}
        name={template.title ?? template.name}
      />
      <span className="detail-main">
        <span className="detail-name">{template.title ?? template.name}</span>
        <code className="detail-uri">{template.uriTemplate}</code>
        {template.mimeType ? <span className="detail-meta">{template.mimeType}</span> : null}
        {template.description ? (
          <span className="detail-description">{template.description}</span>
        ) : null}
      </span>
    </li>
  );
}

/**
 * A paged list's frame: the items, then a loading line, the error with Retry, "Load more"
 * while the server has another page, or the empty sentence.
 */
export function PagedSection(props: {
  state: PagedList<unknown> | undefined;
  /** The plural noun of the items, for "Loading more …". */
  what: string;
  empty: string;
  onLoadMore(): void;
  onRetry(): void;
  children: ReactNode;
}) {
  const { state } = props;
  if (!state) return <p className="muted">Loading {props.what}…</p>;
  const empty = !state.loading && !state.error && state.items.length === 0;
  return (
    <>
      {props.children}
      {state.loading ? (
        <p className="muted" role="status">
          Loading {state.items.length ? `more ${props.what}` : props.what}…
        </p>
      ) : null}
      {state.error ? (
        <div className="detail-error" role="alert">
          <p className="field-error">{state.error}</p>
          <button type="button" className="quiet" onClick={props.onRetry}>
            Retry
          </button>
        </div>
      ) : null}
      {state.nextCursor && !state.loading && !state.error ? (
        <button type="button" className="quiet detail-more" onClick={props.onLoadMore}>
          Load more
        </button>
      ) : null}
      {empty && props.empty ? <p className="muted">{props.empty}</p> : null}
    </>
  );
}

function PreviewPanel(props: {
  label: string;
  preview: ResourcePreviewState;
  onRetry(): void;
  onClose(): void;
}) {
  const { preview } = props;
  return (
    <div className="detail-preview" role="region" aria-label={`Preview of ${props.label}`}>
      {preview.loading ? (
        <p className="muted" role="status">
          Reading {props.label}…
        </p>
      ) : null}
      {preview.error ? (
        <div className="detail-error" role="alert">
          <p className="field-error">{preview.error}</p>
          <button type="button" className="quiet" onClick={props.onRetry}>
            Retry
          </button>
        </div>
      ) : null}
      {preview.contents ? <ResourcePreview contents={preview.contents} /> : null}
      <button type="button" className="quiet detail-close" onClick={props.onClose}>
        Close
      </button>
    </div>
  );
}
