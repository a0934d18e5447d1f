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
  const blocks: string[] = [];
  const lines = text.split('\n');
  let current: string[] = [];
  let fence: string | undefined;
  let blankPending = false;
  const flush = () => {
    if (current.length) blocks.push(current.join('\n'));
    current = [];
  };
  for (const line of lines) {
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
    current.push(line);
    if (opener) fence = opener;
  }
  flush();
  return blocks;
}
