/**
 * The benign trust suite (benign.ts) runs whole: every task's calls are made in order through
 * the chat's real transport, each asking call is approved, and every write reaches its server.
 * At most 5% of the calls ask again after Always allow, and no read-only question asks at all
 * (docs/security.md); `npm run bench -- trust` prints the table too.
 */
import { describe, expect, it } from 'vitest';
import { benignTable, runTask, TASKS, type TaskOutcome } from './benign';

const outcomes: TaskOutcome[] = [];

describe('ordinary multi-server work after Always allow on every tool', () => {
  it.each(TASKS.map((task) => [task.typed, task]))('%s', async (_typed, task) => {
    const outcome = await runTask(task);
    outcomes.push(outcome);
    expect(outcome.calls.map((call) => call.tool.replace(/^.*__/, ''))).toEqual(
      task.steps.map((step) => step.tool),
    );
    const writes = task.steps.filter(
      (step) => !/^(get|list|read|search)_|^tabs_list$/.test(step.tool),
    );
    expect(outcome.written).toEqual(
      writes.map((step) => `${step.tool} ${JSON.stringify(step.input)}`),
    );
  });

  it('asks again for at most 5% of the calls, and never for a read-only question', () => {
    expect(outcomes).toHaveLength(TASKS.length);
    console.log(benignTable(outcomes));
    const calls = outcomes.flatMap((outcome) => outcome.calls);
    expect(calls.length).toBeGreaterThanOrEqual(60);
    expect(calls.filter((call) => call.asked).length / calls.length).toBeLessThanOrEqual(0.05);
    const questions = outcomes.filter((outcome) => outcome.task.kind === 'read-only question');
    expect(questions.flatMap((outcome) => outcome.calls).filter((call) => call.asked)).toEqual([]);
  });
});
