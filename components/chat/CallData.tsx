import { useState } from 'react';
import { runsOf } from '../../src/chat/typed-words';

/** A value longer than this is cut, with a button to see all of it. */
export const SHOWN_CHARACTERS = 300;

interface Row {
  path: string;
  value: string;
}

/** The call's arguments as rows: each leaf with its path ("issue.title", "labels.0"). */
function rowsOf(value: unknown, path = ''): Row[] {
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>);
    if (entries.length === 0) return path ? [{ path, value: JSON.stringify(value) }] : [];
    return entries.flatMap(([key, each]) => rowsOf(each, path ? `${path}.${key}` : key));
  }
  return [
    { path: path || 'value', value: typeof value === 'string' ? visible(value) : String(value) },
  ];
}

/** Direction controls (which can make "exe.gnp" read "png.exe") shown as what they are. */
const BIDI_CONTROLS = /[\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;
function visible(text: string): string {
  return text.replace(
    BIDI_CONTROLS,
    (control) => `⟨U+${control.codePointAt(0)!.toString(16).toUpperCase()}⟩`,
  );
}

function Value({ value, typed }: { value: string; typed: ReadonlySet<string> | undefined }) {
  const [all, setAll] = useState(false);
  const cut = !all && value.length > SHOWN_CHARACTERS;
  const shown = cut ? value.slice(0, SHOWN_CHARACTERS) : value;
  return (
    <>
      {typed
        ? runsOf(shown, typed).map((run, index) =>
            run.typed ? (
              <span key={index}>{run.text}</span>
            ) : (
              <mark key={index} className="call-data-foreign">
                {run.text}
              </mark>
            ),
          )
        : shown}
      {cut ? (
        <>
          …{' '}
          <button type="button" className="quiet" onClick={() => setAll(true)}>
            Show all {value.length.toLocaleString()} characters
          </button>
        </>
      ) : null}
    </>
  );
}

/**
 * What a call would send, shown in its ask card without a click: each argument with its value,
 * long ones cut with a way to see all. With `typed` (the person's own words), the words they did
 * not type are marked: text from a page, a server or the model stands out before it leaves.
 */
export function CallData({
  args,
  typed,
  heading,
}: {
  args: unknown;
  typed?: ReadonlySet<string>;
  heading: string;
}) {
  const rows = rowsOf(args ?? {});
  const foreign =
    typed !== undefined && rows.some((row) => runsOf(row.value, typed).some((run) => !run.typed));
  return (
    <div className="call-data">
      <p className="call-data-heading">{rows.length ? heading : `${heading} nothing.`}</p>
      {rows.length ? (
        <dl>
          {rows.map((row) => (
            <div key={row.path} className="call-data-row">
              <dt>{row.path}</dt>
              <dd>
                <Value value={row.value} typed={typed} />
              </dd>
            </div>
          ))}
        </dl>
      ) : null}
      {foreign ? (
        <p className="call-data-legend muted">
          <mark className="call-data-foreign">Marked</mark>: words you did not type in this chat.
        </p>
      ) : null}
    </div>
  );
}
