import { useId } from 'react';
import { DAY_NAMES, type Schedule } from '../../src/routines/schedule';
import type { RoutineForm } from './routine-form';

const KINDS: { kind: Schedule['kind']; label: string }[] = [
  { kind: 'hourly', label: 'Every hour at minute' },
  { kind: 'daily', label: 'Every day' },
  { kind: 'weekdays', label: 'Weekdays' },
  { kind: 'weekly', label: 'Weekly' },
];

/** When the routine runs: how often, then the minute (hourly) or the day and time of day. */
export function ScheduleFields({
  form,
  error,
  onChange,
}: {
  form: Pick<RoutineForm, 'scheduleKind' | 'minute' | 'time' | 'day'>;
  error: string | undefined;
  onChange(next: Partial<RoutineForm>): void;
}) {
  const errorId = useId();
  const invalid = error ? { 'aria-invalid': true, 'aria-describedby': errorId } : {};
  return (
    <fieldset className="routine-schedule">
      <legend>When it runs</legend>
      <div className="routine-schedule-row">
        <select
          aria-label="How often"
          value={form.scheduleKind}
          onChange={(event) => onChange({ scheduleKind: event.target.value as Schedule['kind'] })}
        >
          {KINDS.map(({ kind, label }) => (
            <option key={kind} value={kind}>
              {label}
            </option>
          ))}
        </select>
        {form.scheduleKind === 'weekly' ? (
          <select
            aria-label="Day"
            value={form.day}
            onChange={(event) => onChange({ day: Number(event.target.value) })}
          >
            {DAY_NAMES.map((name, day) => (
              <option key={name} value={day}>
                {name}
              </option>
            ))}
          </select>
        ) : null}
        {form.scheduleKind === 'hourly' ? (
          <input
            type="number"
            aria-label="Minute"
            min={0}
            max={59}
            value={form.minute}
            onChange={(event) => onChange({ minute: event.target.value })}
            {...invalid}
          />
        ) : (
          <input
            type="time"
            aria-label="Time"
            value={form.time}
            onChange={(event) => onChange({ time: event.target.value })}
            {...invalid}
          />
        )}
      </div>
      {error ? (
        <p id={errorId} className="field-error">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
