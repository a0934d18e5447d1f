import type { SkillView } from '../../src/messaging/skills-contract';
import { SwitchRow } from '../shared/SwitchRow';

/** One server's skills as loaded: undefined until the section was opened. */
export interface SkillListState {
  skills?: SkillView[];
  loading: boolean;
  error?: string;
}

export interface SkillListProps {
  serverName: string;
  state: SkillListState | undefined;
  busy?: boolean;
  /** Allows the skill as shown (its digest), or stops offering it; `allowTools`: its allowed-tools. */
  onDecide(skill: SkillView, allow: boolean, allowTools: boolean): void;
  onRetry(): void;
}

const STATE_LABELS: Record<SkillView['state'], string> = {
  new: 'Not offered to the model',
  allowed: 'Offered to the model',
  changed: 'Changed since you allowed it: not offered until you allow it again',
  unverifiable: 'Its server lists no digests, so Patchbay cannot check it',
};

/**
 * A server's skills: name, description, files, the tools it asks to run without asking, and
 * where it stands. Nothing of a skill reaches the model until the person allows it here; a
 * skill that changed since is asked about again. Everything shown is the server's text.
 */
export function SkillList(props: SkillListProps) {
  const { state, serverName } = props;
  if (!state || (state.loading && !state.skills)) return <p className="muted">Loading skills…</p>;
  if (state.error)
    return (
      <div className="detail-error">
        <p className="field-error" role="alert">
          {state.error}
        </p>
        <button type="button" className="detail-more" onClick={props.onRetry}>
          Try again
        </button>
      </div>
    );
  const skills = state.skills ?? [];
  if (!skills.length) return <p className="muted">{serverName} offers no skills.</p>;
  return (
    <div className="skill-browser">
      <p className="muted">
        The model sees an allowed skill&apos;s name and description, and reads its text when it
        needs it. Skill text is the server&apos;s: after reading it, risky calls ask first.
      </p>
      <ul className="detail-list" aria-label={`Skills of ${serverName}`}>
        {skills.map((skill) => (
          <SkillItem
            key={skill.uri}
            skill={skill}
            serverName={serverName}
            busy={props.busy}
            onDecide={props.onDecide}
          />
        ))}
      </ul>
    </div>
  );
}

/**
 * One skill: its name and where it stands, description, files, another server's skill of the
 * same name, the switch for the tools it names, and Allow or Stop offering.
 */
function SkillItem({
  skill,
  serverName,
  busy,
  onDecide,
}: Pick<SkillListProps, 'serverName' | 'busy' | 'onDecide'> & { skill: SkillView }) {
  return (
    <li
      className="detail-item detail-static skill-item"
      data-skill={skill.name}
      data-skill-state={skill.state}
    >
      <span className="detail-main">
        <span className="detail-name">
          <code>{skill.name}</code>{' '}
          <span className={`skill-state skill-state-${skill.state}`}>
            {STATE_LABELS[skill.state]}
          </span>
        </span>
        <span className="detail-description">{skill.description}</span>
        <span className="detail-arguments">
          Files: {skill.files.length ? skill.files.join(', ') : 'listed by the server on request'}
        </span>
        {skill.sameNameOn.length ? (
          <span className="skill-clash">
            {skill.sameNameOn.join(', ')} also {skill.sameNameOn.length > 1 ? 'offer' : 'offers'} a
            skill named {skill.name}. Patchbay keeps them apart: where both are allowed, the model
            sees this one as <code>{`${serverName}/${skill.name}`}</code>.
          </span>
        ) : null}
        {skill.allowedTools.length ? (
          <SwitchRow
            label={`Let the tools it names (${skill.allowedTools.join(', ')}) run without asking in a chat that read it`}
            on={skill.toolsAllowed}
            disabled={busy || skill.state !== 'allowed'}
            onChange={(on) => onDecide(skill, true, on)}
          />
        ) : null}
        <span className="skill-actions">
          {skill.state === 'allowed' ? (
            <button
              type="button"
              className="compact"
              disabled={busy}
              onClick={() => onDecide(skill, false, false)}
            >
              Stop offering {skill.name}
            </button>
          ) : skill.state !== 'unverifiable' ? (
            <button
              type="button"
              className="compact"
              disabled={busy}
              onClick={() => onDecide(skill, true, false)}
            >
              {skill.state === 'changed' ? 'Allow again' : 'Allow'} {skill.name}
            </button>
          ) : null}
        </span>
      </span>
    </li>
  );
}
