import { inputType, isInput } from './element-role';
import { styleOf } from './visibility';

/** How long a name may be, in characters. */
const MAX_NAME_CHARS = 100;

/** Whitespace collapsed, trimmed, and cut to `max` characters (marked with an ellipsis). */
export function clip(text: string, max = MAX_NAME_CHARS): string {
  const collapsed = text.replace(/\s+/g, ' ').trim();
  return collapsed.length <= max ? collapsed : `${collapsed.slice(0, max - 1).trimEnd()}…`;
}

/** Roles whose name comes from their content when nothing labels them. */
const NAMED_FROM_CONTENT = new Set([
  'button',
  'link',
  'checkbox',
  'radio',
  'switch',
  'tab',
  'menuitem',
  'menuitemcheckbox',
  'menuitemradio',
  'option',
  'treeitem',
  'heading',
]);

/** Controls left out of a label's text: their values are not the label. */
const CONTROLS = new Set(['input', 'select', 'textarea', 'button']);

/**
 * The text an element's content contributes to a name, as the accessible-name algorithm reads it
 * (in short): text, images' alt, a descendant's own aria-label; hidden descendants left out.
 */
function contentText(element: Element, skipControls: boolean): string {
  const parts: string[] = [];
  const visit = (node: Node) => {
    if (node.nodeType === 3) {
      parts.push((node as Text).data);
      return;
    }
    if (node.nodeType !== 1) return;
    const child = node as Element;
    if (child !== element) {
      if (child.getAttribute('aria-hidden') === 'true') return;
      if (skipControls && CONTROLS.has(child.localName)) return;
      if (styleOf(child)?.display === 'none') return;
      const label = child.getAttribute('aria-label')?.trim();
      if (label) {
        parts.push(` ${label} `);
        return;
      }
    }
    if (child.localName === 'script' || child.localName === 'style') return;
    if (child.localName === 'img') parts.push(` ${child.getAttribute('alt') ?? ''} `);
    const assigned =
      child.localName === 'slot' && 'assignedNodes' in child
        ? (child as HTMLSlotElement).assignedNodes()
        : [];
    const children = assigned.length > 0 ? assigned : (child.shadowRoot ?? child).childNodes;
    for (const grandchild of children) visit(grandchild);
  };
  visit(element);
  return parts.join('');
}

function labelledByText(element: Element): string {
  const ids = element.getAttribute('aria-labelledby')?.trim();
  if (!ids) return '';
  const root = element.getRootNode() as Document | ShadowRoot;
  return ids
    .split(/\s+/)
    .map((id) => root.getElementById(id))
    .map((label) => (label ? contentText(label, false) : ''))
    .join(' ');
}

function nativeName(element: Element): string {
  if (isInput(element)) {
    const type = inputType(element);
    if (type === 'submit' || type === 'reset' || type === 'button') {
      return element.value || (type === 'submit' ? 'Submit' : type === 'reset' ? 'Reset' : '');
    }
    if (type === 'image') return element.alt || element.value || 'Submit';
  }
  const labels = (element as HTMLInputElement).labels;
  if (labels && labels.length > 0) {
    return Array.from(labels, (label) => contentText(label, true)).join(' ');
  }
  if (element.localName === 'img' || element.localName === 'area') {
    return element.getAttribute('alt') ?? '';
  }
  return '';
}

/**
 * The element's accessible name, at most about 100 characters: aria-labelledby, aria-label,
 * its labels (`<label for>` or a wrapping label) or alt, its content (for buttons, links,
 * headings and the like), then its placeholder or title.
 */
export function accessibleName(element: Element, role: string): string {
  const candidates = [
    () => labelledByText(element),
    () => element.getAttribute('aria-label') ?? '',
    () => nativeName(element),
    () => (NAMED_FROM_CONTENT.has(role) ? contentText(element, false) : ''),
    () => element.getAttribute('placeholder') ?? '',
    () => element.getAttribute('title') ?? '',
  ];
  for (const candidate of candidates) {
    const name = clip(candidate());
    if (name) return name;
  }
  return '';
}
