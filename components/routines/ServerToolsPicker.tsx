import type { ServerView, ToolView } from '../../src/messaging/contract';
import { tickOf, type RoutineForm } from './routine-form';

export const TICK_RULE =
  'Ticked tools run without asking while the run’s chat holds only your words; everything else pauses the run and asks you.';

/**
 * The servers a routine may use (those switched on, and any it already uses), and under each
 * chosen one its tools with "Runs without asking". The browser's own tools and websites' tools
 * are not offered: a routine runs with no one watching the tabs.
 */
export function ServerToolsPicker({
  form,
  servers,
  tools,
  error,
  onServer,
  onTick,
}: {
  form: Pick<RoutineForm, 'servers' | 'tools'>;
  servers: readonly ServerView[];
  /** The tools listed now; undefined while they load. */
  tools: readonly ToolView[] | undefined;
  error: string | undefined;
  onServer(serverId: string, chosen: boolean): void;
  onTick(tool: ToolView, ticked: boolean): void;
}) {
  const offered = servers.filter((server) => server.isEnabled || form.servers.includes(server.id));
  return (
    <fieldset className="routine-servers">
      <legend>Servers it may use</legend>
      <p className="muted">{TICK_RULE}</p>
      {offered.length === 0 ? (
        <p className="muted">No server is switched on: switch one on in Servers to use it here.</p>
      ) : null}
      <ul className="routine-server-list">
        {offered.map((server) => {
          const chosen = form.servers.includes(server.id);
          const listed = tools?.filter((tool) => tool.serverId === server.id) ?? [];
          return (
            <li key={server.id}>
              <label className="inline-check">
                <input
                  type="checkbox"
                  checked={chosen}
                  onChange={(event) => onServer(server.id, event.target.checked)}
                />
                {server.name}
                {server.isEnabled ? null : <span className="muted"> (off)</span>}
              </label>
              {chosen ? (
                <ToolTicks form={form} serverName={server.name} tools={listed} onTick={onTick}>
                  {tools === undefined ? 'Reading its tools…' : 'It lists no tools now.'}
                </ToolTicks>
              ) : null}
            </li>
          );
        })}
      </ul>
      {error ? <p className="field-error">{error}</p> : null}
    </fieldset>
  );
}

function ToolTicks({
  form,
  serverName,
  tools,
  onTick,
  children,
}: {
  form: Pick<RoutineForm, 'tools'>;
  serverName: string;
  tools: readonly ToolView[];
  onTick(tool: ToolView, ticked: boolean): void;
  /** Said when no tool is listed. */
  children: string;
}) {
  if (tools.length === 0) return <p className="muted routine-tools">{children}</p>;
  return (
    <ul className="routine-tools" aria-label={`${serverName}’s tools`}>
      {tools.map((tool) => {
        const state = tickOf(form, tool);
        const name = tool.title ?? tool.name;
        return (
          <li key={tool.name}>
            <span className="routine-tool-name">{name}</span>
            <label className="inline-check">
              <input
                type="checkbox"
                aria-label={`${name}: runs without asking`}
                checked={state === 'ticked'}
                onChange={(event) => onTick(tool, event.target.checked)}
              />
              Runs without asking
            </label>
            {state === 'changed' ? (
              <span className="field-warning">
                Changed since you ticked it: it asks until you tick it again.
              </span>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
