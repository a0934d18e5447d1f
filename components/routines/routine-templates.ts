import type { RoutineInput } from '../../src/routines/routine';
import type { Schedule } from '../../src/routines/schedule';
import { blankRoutine } from './new-routine';

/** A routine to start from: its name, what it asks, and when. Servers are the person's to pick. */
export interface RoutineTemplate {
  name: string;
  prompt: string;
  schedule: Schedule;
}

/** The examples an empty Routines tab offers. */
export const ROUTINE_TEMPLATES: readonly RoutineTemplate[] = [
  {
    name: 'Morning summary of my open issues',
    prompt:
      'List the issues assigned to me that are still open, grouped by project, newest activity first. Say in one line what changed on each since yesterday.',
    schedule: { kind: 'weekdays', time: '08:30' },
  },
  {
    name: 'Weekly digest of a page',
    prompt:
      'Read the page at <paste its address here> and summarize what is new on it this week in five short points.',
    schedule: { kind: 'weekly', day: 1, time: '09:00' },
  },
  {
    name: 'End-of-day notes recap',
    prompt:
      'Collect the notes I wrote today and turn them into a short recap: what got done, what is open, and questions to answer tomorrow.',
    schedule: { kind: 'weekdays', time: '17:30' },
  },
];

/** A new routine filled in from a template, in the browser's time zone, with no server yet. */
export function routineFromTemplate(template: RoutineTemplate): RoutineInput {
  return {
    ...blankRoutine(),
    name: template.name,
    prompt: template.prompt,
    schedule: template.schedule,
  };
}
