/** Starts bench/lib/serve-many.ts in a child process and hands back its servers' URLs. */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';

export async function startServerPool(
  count: number,
  toolsEach: number,
): Promise<{ urls: string[]; close(): Promise<void> }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', resolve('bench/lib/serve-many.ts'), String(count), String(toolsEach)],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const lines = createInterface({ input: child.stdout });
  const [line] = (await once(lines, 'line')) as [string];
  return {
    urls: JSON.parse(line) as string[],
    async close() {
      child.stdin.end();
      if (child.exitCode === null) await once(child, 'exit');
    },
  };
}
