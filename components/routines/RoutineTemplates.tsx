import { describeSchedule } from '../../src/routines/schedule';
import { ROUTINE_TEMPLATES, type RoutineTemplate } from './routine-templates';
import './routine-templates.css';

/** An empty Routines tab's examples: each opens the editor filled in, to change and save. */
export function RoutineTemplates({ onPick }: { onPick(template: RoutineTemplate): void }) {
  return (
    <section className="routine-templates" aria-label="Examples">
      <h2>Or start from an example</h2>
      <ul className="routine-list">
        {ROUTINE_TEMPLATES.map((template) => (
          <li key={template.name}>
            <button type="button" className="routine-template" onClick={() => onPick(template)}>
              <strong>{template.name}</strong>
              <span className="muted">{describeSchedule(template.schedule)}</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
