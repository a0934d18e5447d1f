/** A routine as the person saves it, for routine tests (without loading the service). */
import type { RoutineInput } from '../../src/routines/routine';

export const morning = (change: Partial<RoutineInput> = {}): RoutineInput => ({
  name: 'Morning summary',
  prompt: 'List my issues due this week.',
  servers: ['linear'],
  tools: [],
  schedule: { kind: 'daily', time: '08:00' },
  timeZone: 'Europe/Paris',
  ...change,
});
