/**
 * Serves `count` 2026-era fixture servers from a process of their own, so their work does not
 * share a thread with the bench (20 real servers would not share one either). Prints their MCP
 * URLs as one JSON line; then answers each `cpu` line on stdin with the CPU time it has used
 * (µs), and stops when stdin closes.
 */
import { createInterface } from 'node:readline';
import { startModernServer } from '../../tests/fixtures/modern-server';

const [count = '20', bulkTools = '50'] = process.argv.slice(2);
const servers = await Promise.all(
  Array.from({ length: Number(count) }, (_, index) =>
    startModernServer({
      legacy: 'reject',
      name: `bench-${index}`,
      bulkTools: Number(bulkTools),
      bulkOnly: true,
    }),
  ),
);
process.stdout.write(`${JSON.stringify(servers.map((server) => server.mcpUrl))}\n`);
const input = createInterface({ input: process.stdin });
input.on('line', (line) => {
  if (line.trim() !== 'cpu') return;
  const { user, system } = process.cpuUsage();
  process.stdout.write(`${user + system}\n`);
});
input.on('close', () => {
  void Promise.all(servers.map((server) => server.close())).then(() => process.exit(0));
});
