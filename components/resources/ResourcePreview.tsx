import { lazy, Suspense, useMemo } from 'react';
// The Markdown renderer is the panel's largest part and loads as its own chunk (see MessageList).
const Markdown = lazy(() =>
  import('../chat/Markdown').then((module) => ({ default: module.Markdown })),
);
import { StructuredView } from '../chat/StructuredView';
import { CollapsibleText } from './CollapsibleText';
import { DownloadButton, MediaBlock } from './MediaBlock';
import { classifyMime, cleanBase64, filenameFromUri, mimeEssence } from './resource-content';

/** One item of an MCP `ReadResourceResult`'s `contents`, or an embedded resource. */
export interface ResourceContent {
  uri: string;
  mimeType?: string;
  text?: string;
  blob?: string;
}

export interface ResourcePreviewProps {
  contents: ResourceContent[];
}

/**
 * What a resource holds, shown by its MIME type: Markdown through the chat's `Markdown` (which
 * loads nothing by itself), JSON as a readable structure, other text as text, images and audio
 * from data URLs, anything else as a download the person starts.
 */
export function ResourcePreview({ contents }: ResourcePreviewProps) {
  return (
    <div className="resource-preview">
      {contents.map((content, index) => (
        <ResourceContentView key={index} content={content} />
      ))}
    </div>
  );
}

function ResourceContentView({ content }: { content: ResourceContent }) {
  // The contents come from a server: check each field rather than trust the declared type.
  const uri = typeof content.uri === 'string' ? content.uri : '';
  const mimeType = mimeEssence(content.mimeType);
  return (
    <section className="resource-content">
      <div className="resource-header">
        <code className="resource-uri">{uri || '(no URI)'}</code>
        {mimeType ? <span className="muted">{mimeType}</span> : null}
      </div>
      <ContentBody uri={uri} mimeType={mimeType} text={content.text} blob={content.blob} />
    </section>
  );
}

function ContentBody(props: {
  uri: string;
  mimeType: string | undefined;
  text: unknown;
  blob: unknown;
}) {
  const { uri, mimeType, text, blob } = props;
  if (typeof text === 'string') {
    const kind = classifyMime(mimeType);
    if (kind === 'markdown')
      return (
        <Suspense fallback={<pre className="markdown-loading">{text}</pre>}>
          <Markdown text={text} />
        </Suspense>
      );
    if (kind === 'json') return <JsonText text={text} />;
    return <CollapsibleText text={text} />;
  }
  if (typeof blob === 'string') {
    const filename = filenameFromUri(uri, mimeType);
    const kind = classifyMime(mimeType);
    if (kind === 'image' || kind === 'audio') {
      return (
        <MediaBlock
          kind={kind}
          mimeType={mimeType}
          data={blob}
          filename={filename}
          alt={`${kind === 'image' ? 'Image' : 'Audio'} ${filename} from the resource`}
        />
      );
    }
    const base64 = cleanBase64(blob);
    if (!base64) {
      return <p className="muted">This resource&apos;s data is not valid base64.</p>;
    }
    return <DownloadButton data={base64} mimeType={mimeType} filename={filename} />;
  }
  return <p className="muted">This resource has no content.</p>;
}

/** JSON text as a readable structure, or as plain text when it does not parse. */
function JsonText({ text }: { text: string }) {
  const parsed = useMemo(() => {
    try {
      return { value: JSON.parse(text) as unknown };
    } catch {
      return undefined;
    }
  }, [text]);
  return parsed ? <StructuredView value={parsed.value} /> : <CollapsibleText text={text} />;
}
