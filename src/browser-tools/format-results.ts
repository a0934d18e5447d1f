/**
 * The page agent's results as tool results a model reads well: text first, with the numbers it
 * needs to go on (where the next slice starts, the refs to act on), and the same data as
 * `structuredContent` for clients that read JSON.
 */
import type { CallToolResultView } from '../messaging/contract';
import type {
  BrowserAgentCommand,
  BrowserAgentResults,
  SnapshotElement,
} from './page-agent/commands';

type Success = { ok: true } & BrowserAgentResults[keyof BrowserAgentResults];

const result = (text: string, structured: object): CallToolResultView => ({
  content: [{ type: 'text', text }],
  structuredContent: { ...structured } as Record<string, unknown>,
});

/** The result's data, without the envelope's `ok`. */
function withoutOk<T extends { ok: true }>(value: T): Omit<T, 'ok'> {
  const copy: Partial<T> = { ...value };
  delete copy.ok;
  return copy as Omit<T, 'ok'>;
}

function elementLine(element: SnapshotElement): string {
  if (element.role === 'heading') return `${'#'.repeat(element.level ?? 2)} ${element.name}`;
  const parts = [`[${element.ref}] ${element.role}`];
  if (element.name) parts.push(JSON.stringify(element.name));
  if (element.inputType && element.inputType !== 'text') parts.push(`type=${element.inputType}`);
  if (element.value !== undefined) parts.push(`value=${JSON.stringify(element.value)}`);
  if (element.checked !== undefined) parts.push(`checked=${String(element.checked)}`);
  if (element.selected) parts.push('selected');
  if (element.expanded !== undefined) parts.push(`expanded=${String(element.expanded)}`);
  if (element.disabled) parts.push('disabled');
  if (element.href) parts.push(`→ ${element.href}`);
  return parts.join(' ');
}

export function formatAgentResult(
  command: BrowserAgentCommand,
  response: Success,
): CallToolResultView {
  const data = withoutOk(response);
  switch (command.type) {
    case 'read': {
      const read = data as BrowserAgentResults['read'];
      const end = read.offset + read.content.length;
      const more =
        read.nextOffset !== undefined
          ? `; more from offset ${read.nextOffset}`
          : read.totalChars === 0
            ? ''
            : '; the end';
      const header = `${read.title || 'Untitled'} — ${read.url}\nCharacters ${read.offset}–${end} of ${read.totalChars}${more}.`;
      return result(`${header}\n\n${read.content}`, read);
    }
    case 'snapshot': {
      const snapshot = data as BrowserAgentResults['snapshot'];
      const lines = snapshot.elements.map(elementLine);
      const more =
        snapshot.nextOffset !== undefined ? ` More from offset ${snapshot.nextOffset}.` : '';
      const header = `${snapshot.title || 'Untitled'} — ${snapshot.url}\n${snapshot.elements.length} of ${snapshot.total} elements.${more}`;
      return result(
        `${header}\n\n${lines.join('\n') || '(nothing interactive is visible)'}`,
        snapshot,
      );
    }
    case 'find': {
      const found = data as BrowserAgentResults['find'];
      if (!found.total) return result(`“${command.text}” is not on the page.`, found);
      const lines = found.matches.map((match) => `[${match.ref}] …${match.text}…`);
      return result(`${found.total} matches:\n${lines.join('\n')}`, found);
    }
    case 'click': {
      const clicked = data as BrowserAgentResults['click'];
      return result(`Clicked ${clicked.description}.`, clicked);
    }
    case 'type': {
      const typed = data as BrowserAgentResults['type'];
      const value =
        typed.value !== undefined ? ` It now holds ${JSON.stringify(typed.value)}.` : '';
      return result(
        `Typed into ${typed.description}.${value}${
          typed.submittedBy === 'enter-key'
            ? ' Pressed Enter (there is no form to submit).'
            : typed.submitted
              ? ' Submitted the form.'
              : ''
        }`,
        typed,
      );
    }
    case 'press': {
      const pressed = data as BrowserAgentResults['press'];
      const effect = pressed.effect ? ` ${pressed.effect}` : '';
      const prevented = pressed.defaultPrevented ? ' The page handled the key itself.' : '';
      return result(
        `Pressed ${command.key} on ${pressed.description}.${effect}${prevented}`,
        pressed,
      );
    }
    case 'scroll': {
      const scrolled = data as BrowserAgentResults['scroll'];
      const where = `Scrolled to ${scrolled.scrollX}, ${scrolled.scrollY} of ${scrolled.scrollWidth}×${scrolled.scrollHeight} (view ${scrolled.viewportWidth}×${scrolled.viewportHeight}).`;
      return result(scrolled.moved ? where : `Nothing moved. ${where}`, scrolled);
    }
    case 'wait': {
      const waited = data as BrowserAgentResults['wait'];
      const ref = waited.ref ? ` (${waited.ref})` : '';
      return result(`Found it${ref} after ${waited.waitedMs} ms.`, waited);
    }
  }
}
