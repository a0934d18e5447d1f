import { Fragment, useEffect } from 'react';
import { ServerIcon } from './ServerIcon';

/** One row of a picker, already turned into text by the composer. */
export interface PickerRow {
  key: string;
  serverName: string;
  serverIconDataUrl?: string | undefined;
  label: string;
  /** Shown beside the label, e.g. a prompt's title next to its `/name`. */
  hint?: string | undefined;
  /** One muted line under the label: a uri, a template or a description. */
  detail?: string | undefined;
  detailIsCode?: boolean;
}

export interface PickerGroup {
  /** Only later groups are named ("Templates"); the first is what the picker is about. */
  label?: string;
  rows: PickerRow[];
}

export interface PickerMenuProps {
  id: string;
  label: string;
  groups: PickerGroup[];
  /** Index across all groups, in the order they are shown. */
  activeIndex: number;
  /** Matches left out to keep the list short. */
  hidden: number;
  emptyText: string;
  onChoose(index: number): void;
  onHighlight(index: number): void;
}

export function pickerOptionId(listboxId: string, index: number): string {
  return `${listboxId}-option-${index}`;
}

/**
 * The text box's side of the picker (an ARIA combobox): where the picker is, and its row the
 * arrows are on. None where the composer offers no picker.
 */
export function comboboxAttributes(
  available: boolean,
  listboxId: string,
  open: { count: number; activeIndex: number } | undefined,
) {
  if (!available) return {};
  return {
    role: 'combobox',
    'aria-autocomplete': 'list' as const,
    'aria-expanded': Boolean(open),
    'aria-controls': open ? listboxId : undefined,
    'aria-activedescendant':
      open && open.count > 0 ? pickerOptionId(listboxId, open.activeIndex) : undefined,
  };
}

/**
 * The listbox above the composer. Focus stays in the textarea (it owns the keyboard and points
 * at the active row with aria-activedescendant), so rows keep the mouse from taking focus.
 */
export function PickerMenu(props: PickerMenuProps) {
  const { id, activeIndex } = props;
  useEffect(() => {
    document.getElementById(pickerOptionId(id, activeIndex))?.scrollIntoView?.({
      block: 'nearest',
    });
  }, [id, activeIndex]);

  // Rows are numbered across groups, as the keyboard moves through them.
  const offsets = props.groups.map((_group, groupIndex) =>
    props.groups.slice(0, groupIndex).reduce((sum, group) => sum + group.rows.length, 0),
  );
  const option = (row: PickerRow, rowIndex: number) => {
    return (
      <div
        key={row.key}
        id={pickerOptionId(id, rowIndex)}
        role="option"
        aria-selected={rowIndex === activeIndex}
        className="picker-option"
        onMouseDown={(event) => event.preventDefault()}
        onMouseMove={() => {
          if (rowIndex !== activeIndex) props.onHighlight(rowIndex);
        }}
        onClick={() => props.onChoose(rowIndex)}
      >
        <span className="picker-server">
          <ServerIcon name={row.serverName} iconDataUrl={row.serverIconDataUrl} />
          <span>{row.serverName}</span>
        </span>
        <span className="picker-label">
          {row.label}
          {row.hint ? <span className="picker-hint"> {row.hint}</span> : null}
        </span>
        {row.detail ? (
          <span className={row.detailIsCode ? 'picker-detail picker-code' : 'picker-detail'}>
            {row.detail}
          </span>
        ) : null}
      </div>
    );
  };
  const total = props.groups.reduce((sum, group) => sum + group.rows.length, 0);
  return (
    <div className="picker">
      <div id={id} role="listbox" aria-label={props.label} className="picker-list">
        {props.groups.map((group, groupIndex) => {
          if (group.rows.length === 0) return null;
          const offset = offsets[groupIndex] ?? 0;
          const rows = group.rows.map((row, rowIndex) => option(row, offset + rowIndex));
          const headingId = `${id}-group-${groupIndex}`;
          if (!group.label) return <Fragment key={headingId}>{rows}</Fragment>;
          return (
            <div key={headingId} role="group" aria-labelledby={headingId}>
              <div id={headingId} className="picker-group-label">
                {group.label}
              </div>
              {rows}
            </div>
          );
        })}
      </div>
      {total === 0 ? <p className="muted picker-note">{props.emptyText}</p> : null}
      {props.hidden > 0 ? (
        <p className="muted picker-note">{props.hidden} more, keep typing</p>
      ) : null}
    </div>
  );
}
