/**
 * The benign trust suite (benign.ts) runs whole: every task's calls are made in order through
 * the chat's real transport, each asking call is approved, and every write reaches its server.
 * The share that asked again is printed (`npm run bench -- trust` prints it too).
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
    const writes = task.steps.filter((step) => !/^(get|list|read|search)_/.test(step.tool));
    expect(outcome.written).toEqual(
      writes.map((step) => `${step.tool} ${JSON.stringify(step.input)}`),
    );
  });

  it('prints how many calls asked again', () => {
    expect(outcomes).toHaveLength(TASKS.length);
    console.log(benignTable(outcomes));
  });
});
