import { DEFAULT_ANSWER_MINUTES, type RoutineInput } from '../../src/routines/routine';

/** The browser's time zone: the one a new routine runs in unless the person picks another. */
export function defaultTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** What a new routine starts with: every day at 09:00 in the browser's time zone. */
export function blankRoutine(): RoutineInput {
  return {
    name: '',
    prompt: '',
    servers: [],
    tools: [],
    schedule: { kind: 'daily', time: '09:00' },
    timeZone: defaultTimeZone(),
    answerMinutes: DEFAULT_ANSWER_MINUTES,
  };
}
