// @vitest-environment happy-dom
/**
 * The connection doctor on a server's card: Check while it runs, the report's rows, and Copy
 * report, which copies the text the worker built.
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ServerCardProps } from '../../../../components/servers/ServerCard';
import { renderOpenServerCard } from '../../../helpers/server-card';
import type { ServerResults, ServerView } from '../../../../src/messaging/contract';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const server: ServerView = {
  id: 'custom-1',
  name: 'Docs',
  url: 'https://docs.example.com/mcp',
  description: 'Custom server at docs.example.com',
  requiresAuthentication: false,
  isCustom: true,
  isEnabled: true,
  status: { state: 'error', error: 'Docs refused access (HTTP 403).' },
  toolCount: 0,
};

const failing: ServerResults['health/check'] = {
  ok: false,
  latencyMs: 14,
  error: 'Docs refused access (HTTP 403). Servers that check Origin refuse it.',
  steps: [
    { name: 'Address', url: server.url, verdict: 'ok', sentence: 'Chrome can reach this address.' },
    {
      name: 'Reach',
      url: server.url,
      status: 403,
      contentType: 'text/plain',
      ms: 14,
      verdict: 'fail',
      sentence: 'Docs refused access (HTTP 403). Servers that check Origin refuse it.',
      fix: 'Allow requests without Origin.',
    },
  ],
  report: 'Patchbay connection report: Docs\n\n[fail] Reach: Docs refused access (HTTP 403).',
};

/** The failing server's card, its Details open (where Check and the report are). */
async function card(health: ServerCardProps['health']) {
  return (await renderOpenServerCard(server, health ? { health } : {})).props;
}

describe('Check on a server card', () => {
  it('is there on a failing server, and says Checking… while the doctor runs', async () => {
    const props = await card(undefined);
    fireEvent.click(screen.getByRole('button', { name: 'Check' }));
    expect(props.onHealthCheck).toHaveBeenCalledTimes(1);
    cleanup();

    await card('checking');
    const checking = screen.getByRole('button', { name: 'Checking…' });
    expect((checking as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows each step: verdict, name, URL, what came back, the sentence and the fix', async () => {
    await card(failing);
    const report = screen.getByText(/^Connection check:/).closest('details')!;
    expect(report.open).toBe(true);
    expect(within(report).getByText('Connection check: 1 of 2 steps failed')).toBeTruthy();
    const rows = within(report).getAllByRole('listitem');
    expect(rows.map((row) => row.className)).toEqual([
      'doctor-step doctor-ok',
      'doctor-step doctor-fail',
    ]);
    const reach = within(rows[1]!);
    expect(reach.getByText('Failed')).toBeTruthy();
    expect(reach.getByText('HTTP 403 · text/plain · 14 ms')).toBeTruthy();
    expect(reach.getByText(failing.steps[1]!.sentence)).toBeTruthy();
    expect(reach.getByText('Fix: Allow requests without Origin.')).toBeTruthy();
    expect(within(rows[0]!).queryByText(/^Fix:/)).toBeNull();
  });

  it('copies the worker’s report and says Copied', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    await card(failing);
    fireEvent.click(screen.getByRole('button', { name: 'Copy report' }));
    expect(writeText).toHaveBeenCalledWith(failing.report);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Copied' })).toBeTruthy());
  });

  it('keeps a passing check folded, with its time beside Check', async () => {
    await card({ ...failing, ok: true, error: undefined, steps: [failing.steps[0]!] });
    expect(screen.getByText('14 ms')).toBeTruthy();
    expect(screen.getByText(/^Connection check:/).closest('details')!.open).toBe(false);
    expect(screen.getByText('Connection check: no failures')).toBeTruthy();
  });
});
