import { useState } from 'react';
import type { CallToolResultView } from '../../src/messaging/contract';
import { CollapsibleText } from '../resources/CollapsibleText';
import { MediaBlock } from '../resources/MediaBlock';
import { ResourcePreview } from '../resources/ResourcePreview';
import {
  countLines,
  countOf,
  filenameFromUri,
  formatBytes,
  mimeEssence,
} from '../resources/resource-content';
import { CopyButton } from './CopyButton';
import { StructuredView } from './StructuredView';

/** A resource the person asked to open: a `resource_link` or an embedded resource. */
export interface OpenResourceRequest {
  serverId: string;
  uri: string;
  name?: string;
  mimeType?: string;
}

export interface ToolResultProps {
  result: CallToolResultView;
  /** The server that returned the result, which is the one to read its resources from. */
  serverId: string;
  /** Opens a resource; without it, links show their URI with a Copy button instead. */
  onOpenResource?(link: OpenResourceRequest): void;
}

/** Content blocks shown before "Show N more items". */
export const VISIBLE_BLOCKS = 8;

type OpenLink = (link: Omit<OpenResourceRequest, 'serverId'>) => void;

/**
 * The content of an MCP `CallToolResult`, block by block, then its structured content.
 * Everything here comes from the server: text renders as text, media only from data URLs
 * built from the blocks' base64 data, and links open only through `onOpenResource`, never
 * as a URL the browser follows.
 */
export function ToolResult({ result, serverId, onOpenResource }: ToolResultProps) {
  const [showAll, setShowAll] = useState(false);
  const blocks = showAll ? result.content : result.content.slice(0, VISIBLE_BLOCKS);
  const hidden = result.content.length - VISIBLE_BLOCKS;
  const open: OpenLink | undefined = onOpenResource
    ? (link) => onOpenResource({ serverId, ...link })
    : undefined;
  return (
    <div className="tool-result">
      {blocks.map((block, index) => (
        <div key={index} className="tool-result-block" data-block-type={String(block.type)}>
          <ContentBlock block={block} open={open} />
        </div>
      ))}
      {hidden > 0 ? (
        <button
          type="button"
          className="quiet"
          aria-expanded={showAll}
          onClick={() => setShowAll((current) => !current)}
        >
          {showAll ? 'Show fewer items' : `Show ${countOf(hidden, 'more item')}`}
        </button>
      ) : null}
      {result.structuredContent !== undefined ? (
        <StructuredView value={result.structuredContent} />
      ) : null}
    </div>
  );
}

/** The collapsed result's title: "Result · 1,204 lines" for one text, else "Result · 3 items". */
export function summarizeResult(result: CallToolResultView): string {
  const [first] = result.content;
  if (result.content.length === 1 && first?.type === 'text') {
    return `Result · ${countOf(countLines(String(first.text ?? '')), 'line')}`;
  }
  if (result.content.length > 0) return `Result · ${countOf(result.content.length, 'item')}`;
  return 'Result';
}

function ContentBlock({ block, open }: { block: Record<string, unknown>; open?: OpenLink }) {
  switch (block.type) {
    case 'text':
      return <CollapsibleText text={String(block.text ?? '')} />;
    case 'image':
      return (
        <MediaBlock
          kind="image"
          mimeType={block.mimeType}
          data={block.data}
          filename={filenameFromUri('image', block.mimeType)}
          alt="Image from the tool"
        />
      );
    case 'audio':
      return (
        <MediaBlock
          kind="audio"
          mimeType={block.mimeType}
          data={block.data}
          filename={filenameFromUri('audio', block.mimeType)}
          alt="Audio from the tool"
          downloadLabel="Download"
        />
      );
    case 'resource_link':
      if (typeof block.uri === 'string') return <ResourceLink block={block} open={open} />;
      break;
    case 'resource':
      if (typeof block.resource === 'object' && block.resource !== null) {
        return (
          <EmbeddedResource resource={block.resource as Record<string, unknown>} open={open} />
        );
      }
      break;
  }
  return <pre>{prettyJson(block)}</pre>;
}

function optionalString(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() ? value : undefined;
}

/**
 * A `resource_link`: a button that asks Patchbay to open the resource, never an `<a href>`,
 * since its URI is whatever the server chose (an https address, a custom scheme).
 */
function ResourceLink({ block, open }: { block: Record<string, unknown>; open?: OpenLink }) {
  const uri = block.uri as string;
  const name = optionalString(block.name);
  const label = optionalString(block.title) ?? name ?? uri;
  const mimeType = mimeEssence(block.mimeType);
  const size =
    typeof block.size === 'number' && Number.isFinite(block.size) && block.size >= 0
      ? formatBytes(block.size)
      : undefined;
  const facts = [mimeType, size].filter(Boolean).join(' · ');
  const description = optionalString(block.description);
  return (
    <div className="resource-link">
      <div className="resource-link-row">
        {open ? (
          <button
            type="button"
            className="quiet resource-link-open"
            onClick={() =>
              open({ uri, ...(name ? { name } : {}), ...(mimeType ? { mimeType } : {}) })
            }
          >
            {label}
          </button>
        ) : (
          <span className="resource-link-name">{label}</span>
        )}
        <span className="muted resource-link-uri">{uri}</span>
        {facts ? <span className="muted">{facts}</span> : null}
        {open ? null : <CopyButton text={uri} label="Copy URI" />}
      </div>
      {description ? <p className="muted">{description}</p> : null}
    </div>
  );
}

/** A resource embedded in the result, previewed in place and openable in full. */
function EmbeddedResource({
  resource,
  open,
}: {
  resource: Record<string, unknown>;
  open?: OpenLink;
}) {
  const uri = optionalString(resource.uri) ?? '';
  const mimeType = mimeEssence(resource.mimeType);
  const content = {
    uri,
    ...(mimeType ? { mimeType } : {}),
    ...(typeof resource.text === 'string' ? { text: resource.text } : {}),
    ...(typeof resource.blob === 'string' ? { blob: resource.blob } : {}),
  };
  return (
    <details className="embedded-resource" open>
      <summary>
        <code>{uri || 'Embedded resource'}</code>
      </summary>
      {open && uri ? (
        <button
          type="button"
          className="embedded-resource-open"
          onClick={() => open({ uri, ...(mimeType ? { mimeType } : {}) })}
        >
          Open
        </button>
      ) : null}
      <ResourcePreview contents={[content]} />
    </details>
  );
}

function prettyJson(value: unknown): string {
  try {
    return JSON.stringify(value, null, 2) ?? String(value);
  } catch {
    return 'This content cannot be shown.';
  }
}
