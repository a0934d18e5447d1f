import { describe, expect, it } from 'vitest';
import type { AppPrompt } from '../../../../src/apps/app-prompt';
import {
  askPerson,
  assertAlive,
  createAppLoad,
  declineAll,
} from '../../../../components/apps/mcp-app-load';

describe('one load of an MCP App', () => {
  it('shows each question and resolves it with the answer given', async () => {
    const load = createAppLoad();
    const shown: AppPrompt[] = [];
    const answer = askPerson(load, { kind: 'link', url: 'https://example.com/' }, (prompt) =>
      shown.push(prompt),
    );
    expect(shown).toHaveLength(1);
    expect(shown[0]).toMatchObject({ kind: 'link', url: 'https://example.com/' });
    load.answers.get(shown[0]!.id)?.('allow');
    await expect(answer).resolves.toBe('allow');
  });

  it('refuses a fourth waiting question', async () => {
    const load = createAppLoad();
    const ask = () => askPerson(load, { kind: 'message', text: 'hi' }, () => undefined);
    void ask();
    void ask();
    void ask();
    await expect(ask()).rejects.toThrow('The app already has questions waiting for the person.');
  });

  it('declines waiting questions when it ends, and refuses anything after', async () => {
    const load = createAppLoad();
    const waiting = askPerson(load, { kind: 'message', text: 'hi' }, () => undefined);
    load.gone = true;
    declineAll(load);
    await expect(waiting).resolves.toBe('deny');
    expect(load.answers.size).toBe(0);
    expect(() => assertAlive(load)).toThrow('The app was closed.');
    await expect(
      askPerson(load, { kind: 'message', text: 'again' }, () => undefined),
    ).rejects.toThrow('The app was closed.');
  });
});
