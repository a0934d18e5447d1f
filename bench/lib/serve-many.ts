/**
 * Serves `count` 2026-era fixture servers from a process of their own, so their work does not
 * share a thread with the bench (20 real servers would not share one either). Prints their MCP
 * URLs as one JSON line, then serves until stdin closes.
 */
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
process.stdin.resume();
process.stdin.on('end', () => {
  void Promise.all(servers.map((server) => server.close())).then(() => process.exit(0));
});
