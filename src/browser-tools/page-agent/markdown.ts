import TurndownService from 'turndown';

/** The longest address kept in Markdown; longer ones (tracking links, data) are left out. */
const MAX_URL_CHARS = 300;

/**
 * An absolute http(s) or mailto address for a link or image, or undefined when there is none worth
 * keeping: `data:` and `blob:` URIs (images inlined as megabytes of text), `javascript:`, and
 * addresses longer than {@link MAX_URL_CHARS}.
 */
export function keptUrl(raw: string | null, baseUrl: string): string | undefined {
  if (!raw) return undefined;
  let url: URL;
  try {
    url = new URL(raw.trim(), baseUrl);
  } catch {
    return undefined;
  }
  if (!['http:', 'https:', 'mailto:'].includes(url.protocol)) return undefined;
  return url.href.length <= MAX_URL_CHARS ? url.href : undefined;
}

/** A Markdown link destination: parentheses escaped so the link does not end early. */
function destination(url: string): string {
  return url.replace(/[()<>]/g, (character) => `\\${character}`);
}

function oneLine(text: string | null): string {
  return (text ?? '').replace(/\s+/g, ' ').trim();
}

/**
 * Markdown for a piece of a page. Images become `![alt](url)` only with a short http(s) address,
 * else their alt text; links lose addresses that are not worth keeping; scripts, styles and
 * embedded content are dropped.
 */
export function toMarkdown(root: Node, baseUrl: string): string {
  const turndown = new TurndownService({
    headingStyle: 'atx',
    codeBlockStyle: 'fenced',
    bulletListMarker: '-',
    emDelimiter: '*',
  });
  turndown.remove(['script', 'style', 'noscript', 'template', 'iframe', 'object', 'embed']);
  turndown.addRule('image', {
    filter: 'img',
    replacement(_content, node) {
      const image = node as Element;
      const alt = oneLine(image.getAttribute('alt')).replace(/[[\]]/g, '');
      const url = keptUrl(image.getAttribute('src'), baseUrl);
      if (url) return `![${alt}](${destination(url)})`;
      return alt ? `[Image: ${alt}]` : '';
    },
  });
  turndown.addRule('link', {
    filter: (node) => node.nodeName === 'A' && node.hasAttribute('href'),
    replacement(content, node) {
      const link = node as Element;
      const text =
        content.trim() || oneLine(link.getAttribute('aria-label') ?? link.getAttribute('title'));
      if (!text) return '';
      const url = keptUrl(link.getAttribute('href'), baseUrl);
      return url ? `[${text}](${destination(url)})` : text;
    },
  });
  addTableRules(turndown);
  return turndown.turndown(root as HTMLElement);
}

/**
 * Tables as Markdown pipe tables (Turndown alone makes every cell a paragraph). The first row is
 * taken as the header, as a Markdown table needs one.
 */
function addTableRules(turndown: TurndownService): void {
  turndown.addRule('table-cell', {
    filter: ['th', 'td'],
    replacement: (content) => ` ${content.replace(/\s+/g, ' ').trim().replace(/\|/g, '\\|')} |`,
  });
  turndown.addRule('table-row', {
    filter: 'tr',
    replacement(content, node) {
      const row = `|${content}\n`;
      const firstRow = (node as Element).closest('table')?.querySelector('tr') === node;
      if (!firstRow) return row;
      const cells = (node as Element).querySelectorAll(':scope > th, :scope > td').length;
      return `${row}|${' --- |'.repeat(cells)}\n`;
    },
  });
  turndown.addRule('table-section', {
    filter: ['thead', 'tbody', 'tfoot'],
    replacement: (content) => content,
  });
  turndown.addRule('table-caption', {
    filter: 'caption',
    replacement: (content) => (content.trim() ? `**${content.trim()}**\n\n` : ''),
  });
  turndown.addRule('table', {
    filter: 'table',
    replacement: (content) => `\n\n${content.trim()}\n\n`,
  });
}
