import { accessibleName } from './accessible-name';
import type { SnapshotElement, SnapshotResult } from './commands';
import { walkRendered } from './dom-walk';
import type { ElementRefs } from './element-refs';
import { isInput, inputType, roleOf } from './element-role';
import { ariaFlag, checkedState, fieldValue, isDisabled } from './element-state';
import { describePage } from './page-description';
import { hasLayout, hasVisibleSize } from './visibility';

/** How long a reported link address may be. */
const MAX_HREF_CHARS = 300;

/** What one snapshot asks for. */
export interface SnapshotOptions {
  maxElements: number;
  offset: number;
}

/** The visible elements a snapshot lists, in document order, with their roles. */
function listedElements(document: Document): { element: Element; role: string }[] {
  const layout = hasLayout(document);
  const listed: { element: Element; role: string }[] = [];
  walkRendered(
    document.body ?? document.documentElement,
    {
      enter(element, shown) {
        const role = shown ? roleOf(element) : null;
        if (role && hasVisibleSize(element, layout)) listed.push({ element, role });
      },
    },
    { skipAriaHidden: true },
  );
  return listed;
}

/** A link's address, when it is one a person could follow, cut to a readable length. */
function linkAddress(element: Element): string | undefined {
  const href = (element as HTMLAnchorElement).href;
  if (typeof href !== 'string' || !/^(https?|mailto|tel|ftp|file):/i.test(href)) return undefined;
  return href.length <= MAX_HREF_CHARS ? href : `${href.slice(0, MAX_HREF_CHARS - 1)}…`;
}

function headingLevel(element: Element): number {
  const fromTag = /^h([1-6])$/.exec(element.localName)?.[1];
  const level = Number(fromTag ?? element.getAttribute('aria-level') ?? 2);
  return Number.isInteger(level) && level >= 1 && level <= 6 ? level : 2;
}

/** One element as the snapshot reports it; only the fields that apply are present. */
function describeListed(element: Element, role: string, ref: string): SnapshotElement {
  const entry: SnapshotElement = { ref, role, name: accessibleName(element, role) };
  if (role === 'heading') {
    entry.level = headingLevel(element);
    return entry;
  }
  if (isInput(element)) entry.inputType = inputType(element);
  const value = fieldValue(element);
  if (value !== undefined) entry.value = value;
  const checked = checkedState(element);
  if (checked !== undefined) entry.checked = checked;
  const selected = ariaFlag(element, 'aria-selected');
  if (selected !== undefined) entry.selected = selected;
  const details = element.localName === 'summary' ? element.parentElement : null;
  const expanded =
    details?.localName === 'details'
      ? (details as HTMLDetailsElement).open
      : ariaFlag(element, 'aria-expanded');
  if (expanded !== undefined) entry.expanded = expanded;
  if (isDisabled(element)) entry.disabled = true;
  if (role === 'link') {
    const href = linkAddress(element);
    if (href) entry.href = href;
  }
  return entry;
}

/**
 * The page as an accessibility-style list: its visible links, buttons, fields and other controls,
 * and its headings for structure, each with a ref. Only the requested page of the list gets refs.
 */
export function takeSnapshot(
  document: Document,
  refs: ElementRefs,
  options: SnapshotOptions,
): SnapshotResult {
  refs.prune();
  const listed = listedElements(document);
  const offset = Math.min(options.offset, listed.length);
  const end = Math.min(offset + options.maxElements, listed.length);
  const elements = listed
    .slice(offset, end)
    .map(({ element, role }) => describeListed(element, role, refs.refFor(element)));
  const result: SnapshotResult = {
    ...describePage(document),
    elements,
    total: listed.length,
    offset,
  };
  if (end < listed.length) result.nextOffset = end;
  return result;
}
