/**
 * Splits Markdown into top-level blocks that render the same apart as together, so a streaming
 * answer can re-parse only the block that is still growing. A blank line ends a block, except
 * inside a fenced code block (which runs to its closing fence, or to the end while it streams)
 * and before an indented line (a list item's next paragraph, indented code), which continues it.
 *
 * Reference-style link definitions (`[x]: https://…`) apply only within their own block; model
 * output rarely uses them, and such a link then shows as plain text.
 */
export function splitBlocks(text: string): string[] {
  return split(text).blocks;
}

/** Blocks, and where the last one starts in the text (where a longer text may split differently). */
interface Split {
  text: string;
  blocks: string[];
  lastStart: number;
}

/**
 * Splits a text that grew from `previous` (a streaming answer) by splitting again only from the
 * start of the previous last block: every block before it is finished. Per delta that costs the
 * length of the last block, not of the whole answer.
 */
export function splitGrowing(text: string, previous: Split | undefined): Split {
  if (!previous || !text.startsWith(previous.text) || previous.blocks.length === 0) {
    return split(text);
  }
  const tail = split(text.slice(previous.lastStart));
  return {
    text,
    blocks: [...previous.blocks.slice(0, -1), ...tail.blocks],
    lastStart: previous.lastStart + tail.lastStart,
  };
}

function split(text: string): Split {
  const blocks: string[] = [];
  const lines = text.split('\n');
  let current: string[] = [];
  let currentStart = 0;
  let lastStart = 0;
  let offset = 0;
  let fence: string | undefined;
  let blankPending = false;
  const flush = () => {
    if (current.length) {
      blocks.push(current.join('\n'));
      lastStart = currentStart;
    }
    current = [];
  };
  for (const line of lines) {
    const lineStart = offset;
    offset += line.length + 1;
    const opener = /^ {0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence) {
      current.push(line);
      if (
        opener &&
        opener[0] === fence[0] &&
        opener.length >= fence.length &&
        line.trim() === opener
      )
        fence = undefined;
      continue;
    }
    if (line.trim() === '') {
      if (current.length) blankPending = true;
      continue;
    }
    if (blankPending) {
      blankPending = false;
      if (/^( {2,}|\t)/.test(line)) current.push('');
      else flush();
    }
    if (current.length === 0) currentStart = lineStart;
    current.push(line);
    if (opener) fence = opener;
  }
  flush();
  return { text, blocks, lastStart };
}
