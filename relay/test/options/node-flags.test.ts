import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { RELAY_NODE_FLAGS } from '../../src/options/node-flags';

const flags = RELAY_NODE_FLAGS.join(' ');

describe('the relay’s Node flags', () => {
  it('are the same wherever the relay starts', () => {
    const root = JSON.parse(readFileSync('package.json', 'utf8')) as {
      scripts: Record<string, string>;
    };
    const relay = JSON.parse(readFileSync('relay/package.json', 'utf8')) as {
      scripts: Record<string, string>;
    };
    expect(root.scripts.relay).toBe(`tsx ${flags} relay/src/cli.ts`);
    expect(relay.scripts.start).toBe(`tsx ${flags} src/cli.ts`);
    expect(readFileSync('relay/src/cli.ts', 'utf8').split('\n')[0]).toBe(
      `#!/usr/bin/env -S node ${flags}`,
    );
  });

  it('reach the relay process the tests and the bench start', async () => {
    const { startRelayProcess } = await import('../processes');
    const relay = await startRelayProcess(['--secret', 'x'.repeat(32)]);
    try {
      expect(relay.child.spawnargs).toEqual(expect.arrayContaining([...RELAY_NODE_FLAGS]));
    } finally {
      await relay.stop();
    }
  });
});
