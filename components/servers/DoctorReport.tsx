import type { DoctorStep } from '../../src/messaging/contract';
import { stepFacts } from '../../src/mcp/doctor/steps';
import { CopyButton } from '../chat/CopyButton';

const VERDICT_WORDS = { ok: 'OK', warn: 'Warning', fail: 'Failed', skip: 'Skipped' } as const;
const VERDICT_ICONS = { ok: '✓', warn: '!', fail: '✕', skip: '–' } as const;

/**
 * What the connection doctor found for one server (Check on its card): each step with the URL
 * tried, what came back, its verdict and, for a failure, what the server's admin can change;
 * and the report as text to copy, built by the worker without secrets.
 */
export function DoctorReport({ steps, report }: { steps: readonly DoctorStep[]; report: string }) {
  const failures = steps.filter((each) => each.verdict === 'fail').length;
  return (
    <details className="doctor" open={failures > 0}>
      <summary>
        Connection check: {failures ? `${failures} of ${steps.length} steps failed` : 'no failures'}
      </summary>
      <ol className="doctor-steps">
        {steps.map((each, index) => (
          <li key={index} className={`doctor-step doctor-${each.verdict}`}>
            <span className="doctor-icon" aria-hidden="true">
              {VERDICT_ICONS[each.verdict]}
            </span>
            <div className="doctor-body">
              <div className="doctor-name">
                {each.name} <span className="doctor-verdict">{VERDICT_WORDS[each.verdict]}</span>
              </div>
              {each.url ? <div className="doctor-url">{each.url}</div> : null}
              {stepFacts(each) ? <div className="muted">{stepFacts(each)}</div> : null}
              <p className="doctor-sentence">{each.sentence}</p>
              {each.fix ? <p className="doctor-fix">Fix: {each.fix}</p> : null}
            </div>
          </li>
        ))}
      </ol>
      <CopyButton text={report} label="Copy report" />
    </details>
  );
}
