// @vitest-environment happy-dom
/**
 * The Routines tab's list against a worker that answers the routines contract: what each
 * routine shows (schedule, next run or Paused, last run's outcome and tokens, its chat), its
 * actions, its run history, the empty state, and the worker's broadcasts.
 */
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConversationList } from '../../../../components/history/ConversationList';
import { ROUTINES_INTRO } from '../../../../components/routines/RoutinesTab';
import { createMemoryPermissions } from '../../../../src/platform/memory-permissions';
import type { RoutineView } from '../../../../src/routines/routine';
import { formatRunTime } from '../../../../src/routines/run-time';
import {
  aRoutine,
  aRun,
  HOUR,
  NOW,
  routinesBackground,
} from '../../../helpers/routines-background';
import { TestRoutinesTab } from '../../../helpers/routines-tab';

afterEach(cleanup);

function show(routines: RoutineView[], more: Parameters<typeof routinesBackground>[0] = {}) {
  const background = routinesBackground({ 'routines/list': () => ({ routines }), ...more });
  const onOpenChat = vi.fn();
  render(
    <TestRoutinesTab
      client={background.client}
      chrome={createMemoryPermissions()}
      servers={[]}
      onOpenChat={onOpenChat}
    />,
  );
  return { ...background, onOpenChat };
}

const item = (name: string) => screen.findByRole('listitem', { name });

describe('the Routines list', () => {
  it('shows each routine’s schedule in words, its next run in local time, and Paused when paused', async () => {
    show([
      aRoutine(),
      aRoutine({
        id: 'routine-2',
        name: 'Weekly report',
        schedule: { kind: 'weekly', day: 5, time: '16:30' },
        paused: true,
        nextRunAt: null,
      }),
    ]);
    const brief = await item('Morning brief');
    expect(brief.textContent).toContain('Every day at 08:00');
    expect(brief.textContent).toContain(`Next run: ${formatRunTime(NOW + HOUR)}`);
    expect(brief.textContent).toContain('It has not run yet.');
    expect(within(brief).getByRole('button', { name: 'Pause' })).toBeTruthy();

    const report = await item('Weekly report');
    expect(report.textContent).toContain('Fridays at 16:30');
    expect(report.textContent).toContain('Next run: Paused');
    expect(within(report).getByRole('button', { name: 'Resume' })).toBeTruthy();
  });

  it('says how the last run stands or ended, with its tokens, and opens its chat', async () => {
    const { onOpenChat } = show([
      aRoutine({
        id: 'a',
        name: 'Waits',
        lastRun: aRun({ outcome: 'waiting', waitingFor: 'post_page on Notion', chatId: 'c-a' }),
      }),
      aRoutine({
        id: 'b',
        name: 'Fails',
        lastRun: aRun({ outcome: 'failed', reason: 'Sign-in expired on Linear' }),
      }),
      aRoutine({ id: 'c', name: 'Late', lastRun: aRun({ outcome: 'timed-out' }) }),
      aRoutine({ id: 'd', name: 'Runs', lastRun: aRun({ outcome: 'running' }) }),
      aRoutine({ id: 's', name: 'Halted', lastRun: aRun({ outcome: 'stopped' }) }),
      aRoutine({
        id: 'e',
        name: 'Done',
        lastRun: aRun({
          outcome: 'done',
          startedAt: NOW - HOUR,
          usage: { inputTokens: 812, outputTokens: 95 },
        }),
      }),
    ]);
    expect((await item('Waits')).textContent).toContain('Waiting for you: post_page on Notion');
    expect((await item('Fails')).textContent).toContain('Failed: Sign-in expired on Linear');
    expect((await item('Late')).textContent).toContain('Timed out');
    expect((await item('Runs')).textContent).toContain('Running');
    expect((await item('Halted')).textContent).toContain('Stopped by you');
    const done = await item('Done');
    expect(done.textContent).toContain(`Last run: ${formatRunTime(NOW - HOUR)}`);
    expect(done.textContent).toContain('Done');
    expect(done.textContent).toContain('812 tokens in, 95 out');
    expect((await item('Waits')).textContent).not.toContain('tokens');

    // A run that has not ended cannot be run again meanwhile: it can be stopped.
    const waits = await item('Waits');
    expect(within(waits).queryByRole('button', { name: 'Run now' })).toBeNull();
    within(waits).getByRole('button', { name: 'Stop' });
    expect(within(done).queryByRole('button', { name: 'Stop' })).toBeNull();
    fireEvent.click(within(waits).getByRole('button', { name: 'Open chat' }));
    expect(onOpenChat).toHaveBeenCalledWith('c-a');
  });

  it('runs now, pauses, resumes and deletes (after a confirmation) through the worker', async () => {
    const routine = aRoutine({ lastRun: aRun() });
    const { sent } = show([routine, aRoutine({ id: 'p', name: 'Held', paused: true })], {
      'routines/run-now': () => ({ run: aRun({ outcome: 'running' }) }),
      'routines/pause': (payload) => {
        const { id, paused } = payload as { id: string; paused: boolean };
        return { routine: { ...(id === 'p' ? aRoutine({ id, name: 'Held' }) : routine), paused } };
      },
      'routines/remove': () => ({ removed: true }),
    });
    const brief = await item('Morning brief');
    fireEvent.click(within(brief).getByRole('button', { name: 'Run now' }));
    fireEvent.click(within(brief).getByRole('button', { name: 'Pause' }));
    fireEvent.click(within(await item('Held')).getByRole('button', { name: 'Resume' }));
    await waitFor(() => expect(sent('routines/pause')).toHaveLength(2));
    expect(sent('routines/run-now')[0]?.payload).toEqual({ id: 'routine-1' });
    expect(sent('routines/pause').map(({ payload }) => payload)).toEqual([
      { id: 'routine-1', paused: true },
      { id: 'p', paused: false },
    ]);
    await waitFor(() => expect(brief.textContent).toContain('Next run: Paused'));

    fireEvent.click(within(brief).getByRole('button', { name: 'Delete' }));
    const confirm = within(brief).getByRole('alertdialog', { name: 'Delete Morning brief?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Keep' }));
    expect(sent('routines/remove')).toHaveLength(0);
    fireEvent.click(within(brief).getByRole('button', { name: 'Delete' }));
    fireEvent.click(
      within(within(brief).getByRole('alertdialog')).getByRole('button', { name: 'Delete' }),
    );
    await waitFor(() =>
      expect(screen.queryByRole('listitem', { name: 'Morning brief' })).toBeNull(),
    );
    expect(sent('routines/remove')[0]?.payload).toEqual({ id: 'routine-1' });
  });

  it('stops a run under way, and says that deleting the routine stops it too', async () => {
    const running = aRoutine({ lastRun: aRun({ outcome: 'running' }) });
    const stopping = aRoutine({
      id: 'x',
      name: 'Winding down',
      lastRun: aRun({ outcome: 'running', stopRequested: true }),
    });
    const { sent } = show([running, stopping], {
      'routines/stop': () => ({ run: aRun({ outcome: 'stopped' }) }),
    });
    const brief = await item('Morning brief');
    fireEvent.click(within(brief).getByRole('button', { name: 'Delete' }));
    expect(within(brief).getByRole('alertdialog').textContent).toBe(
      'Delete Morning brief? It will not run again, and the run under way stops.DeleteKeep',
    );
    fireEvent.click(within(brief).getByRole('button', { name: 'Keep' }));
    fireEvent.click(within(brief).getByRole('button', { name: 'Stop' }));
    await waitFor(() => expect(sent('routines/stop')).toHaveLength(1));
    expect(sent('routines/stop')[0]?.payload).toEqual({ id: 'routine-1' });
    // Stopped, and its runner not done yet: it says so, and cannot be stopped twice.
    const winding = await item('Winding down');
    expect(winding.textContent).toContain('Stopping…');
    expect(
      (within(winding).getByRole('button', { name: 'Stop' }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });

  it('says what an action’s failure was', async () => {
    show([aRoutine()], {
      'routines/run-now': () => {
        throw new Error('Morning brief is running already.');
      },
    });
    fireEvent.click(within(await item('Morning brief')).getByRole('button', { name: 'Run now' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Morning brief is running already.',
    );
  });

  it('expands a routine’s runs, newest first, each with its outcome, tokens and chat, kept current', async () => {
    const runs = [
      aRun({ id: 'r3', outcome: 'waiting', waitingFor: 'send on Mail', chatId: 'c3' }),
      aRun({
        id: 'r2',
        outcome: 'failed',
        reason: 'The model refused.',
        startedAt: NOW - 24 * HOUR,
      }),
      aRun({
        id: 'r1',
        startedAt: NOW - 48 * HOUR,
        usage: { inputTokens: 10, outputTokens: 20 },
        manual: true,
      }),
    ];
    let answer = runs;
    const background = show([aRoutine({ lastRun: runs[0] })], {
      'routines/runs': () => ({ runs: answer }),
    });
    const brief = await item('Morning brief');
    const toggle = within(brief).getByRole('button', { name: 'Runs' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    const history = await within(brief).findByRole('list', { name: 'Runs of Morning brief' });
    expect(background.sent('routines/runs')[0]?.payload).toEqual({ routineId: 'routine-1' });
    const rows = within(history)
      .getAllByRole('listitem')
      .map((row) => row.textContent);
    expect(rows[0]).toContain('Waiting for you: send on Mail');
    expect(rows[1]).toContain(formatRunTime(NOW - 24 * HOUR));
    expect(rows[1]).toContain('Failed: The model refused.');
    expect(rows[2]).toContain('(run now)');
    expect(rows[2]).toContain('10 tokens in, 20 out');
    fireEvent.click(within(history).getAllByRole('button', { name: 'Open chat' })[0]!);
    expect(background.onOpenChat).toHaveBeenCalledWith('c3');

    // A run moved on: the open history is read again.
    answer = [aRun({ id: 'r3', outcome: 'done', chatId: 'c3' }), ...runs.slice(1)];
    background.broadcast({
      type: 'routines/changed',
      payload: { routines: [aRoutine({ lastRun: answer[0] })] },
    });
    await waitFor(() =>
      expect(within(history).getAllByRole('listitem')[0]?.textContent).not.toContain('Waiting'),
    );
    fireEvent.click(toggle);
    expect(within(brief).queryByRole('list', { name: 'Runs of Morning brief' })).toBeNull();
  });

  it('explains routines when there are none, and New routine opens the editor', async () => {
    const background = show([]);
    expect(await screen.findByText(ROUTINES_INTRO)).toBeTruthy();
    // Routines arriving from the worker replace the empty state.
    background.broadcast({ type: 'routines/changed', payload: { routines: [aRoutine()] } });
    expect(await item('Morning brief')).toBeTruthy();
    expect(screen.queryByText(ROUTINES_INTRO)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'New routine' }));
    expect(await screen.findByRole('form', { name: 'New routine' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await item('Morning brief')).toBeTruthy();
  });
});

describe('History', () => {
  it('marks the chats routines’ runs wrote', () => {
    render(
      <ConversationList
        conversations={[
          {
            id: 'a',
            title: 'Morning brief · Wed 4 Dec, 08:00',
            createdAt: 1,
            updatedAt: 2,
            routineId: 'r',
          },
          { id: 'b', title: 'Morning brief · by hand', createdAt: 1, updatedAt: 1 },
        ]}
        currentId={undefined}
        onOpen={() => undefined}
        onRename={() => undefined}
        onDelete={() => undefined}
        now={3}
      />,
    );
    const [run, typed] = screen.getAllByRole('listitem');
    expect(within(run!).getByText('Routine')).toBeTruthy();
    expect(within(typed!).queryByText('Routine')).toBeNull();
  });
});
