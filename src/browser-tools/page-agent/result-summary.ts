/**
 * A command's result in words a model reads well, with the numbers it needs to go on (where the
 * next slice starts, the refs to act on). The agent answers with it beside the result's data
 * (agent.ts), and the background makes it the tool result's text, with the data as
 * `structuredContent` for clients that read JSON (src/browser-tools/page-agent-calls.ts).
 * Written here, in the page agent, so the service worker, which every cold start parses, does
 * not carry it.
 */
import type { BrowserAgentCommand, BrowserAgentResults, SnapshotElement } from './commands';

type Data = BrowserAgentResults[keyof BrowserAgentResults];

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

export function summarize(command: BrowserAgentCommand, data: Data): string {
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
      return `${header}\n\n${read.content}`;
    }
    case 'snapshot': {
      const snapshot = data as BrowserAgentResults['snapshot'];
      const lines = snapshot.elements.map(elementLine);
      const more =
        snapshot.nextOffset !== undefined ? ` More from offset ${snapshot.nextOffset}.` : '';
      const header = `${snapshot.title || 'Untitled'} — ${snapshot.url}\n${snapshot.elements.length} of ${snapshot.total} elements.${more}`;
      return `${header}\n\n${lines.join('\n') || '(nothing interactive is visible)'}`;
    }
    case 'find': {
      const found = data as BrowserAgentResults['find'];
      if (!found.total) return `“${command.text}” is not on the page.`;
      const lines = found.matches.map((match) => `[${match.ref}] …${match.text}…`);
      return `${found.total} matches:\n${lines.join('\n')}`;
    }
    case 'click': {
      const clicked = data as BrowserAgentResults['click'];
      return `Clicked ${clicked.description}.`;
    }
    case 'type': {
      const typed = data as BrowserAgentResults['type'];
      const value =
        typed.value !== undefined ? ` It now holds ${JSON.stringify(typed.value)}.` : '';
      return `Typed into ${typed.description}.${value}${
        typed.submittedBy === 'enter-key'
          ? ' Pressed Enter (there is no form to submit).'
          : typed.submitted
            ? ' Submitted the form.'
            : ''
      }`;
    }
    case 'press': {
      const pressed = data as BrowserAgentResults['press'];
      const effect = pressed.effect ? ` ${pressed.effect}` : '';
      const prevented = pressed.defaultPrevented ? ' The page handled the key itself.' : '';
      return `Pressed ${command.key} on ${pressed.description}.${effect}${prevented}`;
    }
    case 'scroll': {
      const scrolled = data as BrowserAgentResults['scroll'];
      const where = `Scrolled to ${scrolled.scrollX}, ${scrolled.scrollY} of ${scrolled.scrollWidth}×${scrolled.scrollHeight} (view ${scrolled.viewportWidth}×${scrolled.viewportHeight}).`;
      return scrolled.moved ? where : `Nothing moved. ${where}`;
    }
    case 'wait': {
      const waited = data as BrowserAgentResults['wait'];
      const ref = waited.ref ? ` (${waited.ref})` : '';
      return `Found it${ref} after ${waited.waitedMs} ms.`;
    }
  }
}
