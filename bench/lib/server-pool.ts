/** Starts bench/lib/serve-many.ts in a child process and hands back its servers' URLs. */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';

export interface ServerPool {
  urls: string[];
  /** CPU time the servers' process has used so far, in ms. */
  cpuMs(): Promise<number>;
  close(): Promise<void>;
}

export async function startServerPool(count: number, toolsEach: number): Promise<ServerPool> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', resolve('bench/lib/serve-many.ts'), String(count), String(toolsEach)],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const nextLine = async () => {
    const { value, done } = await lines.next();
    if (done) throw new Error('the server pool stopped');
    return value as string;
  };
  const urls = JSON.parse(await nextLine()) as string[];
  return {
    urls,
    async cpuMs() {
      child.stdin.write('cpu\n');
      return Number(await nextLine()) / 1000;
    },
    async close() {
      child.stdin.end();
      if (child.exitCode === null) await once(child, 'exit');
    },
  };
}
