/**
 * The mutation score per folder, from StrykerJS's JSON reports (`npm run mutate` writes one per
 * folder, reports/mutation/<folder>.json; or name report files as arguments). Stryker's own
 * table is per file; the goal in docs/testing.md is per folder. `--survivors` also lists every
 * mutant no test killed, to explain or kill.
 *
 * Score: killed and timed-out mutants over all valid ones (Stryker's "total" score: a mutant
 * no test reaches counts against it). Mutants that do not compile or that Stryker ignores
 * (static code) are left out, as in Stryker's report.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';

interface Mutant {
  mutatorName: string;
  replacement?: string;
  status: string;
  location: { start: { line: number; column: number } };
}
interface Report {
  files: Record<string, { source: string; mutants: Mutant[] }>;
}

const FOLDERS = ['src/mcp/', 'src/oauth/', 'src/messaging/', 'src/models/', 'src/page-tools/'];
const DETECTED = new Set(['Killed', 'Timeout']);
const UNDETECTED = new Set(['Survived', 'NoCoverage']);

const REPORTS = 'reports/mutation';
const named = process.argv.filter((arg) => arg.endsWith('.json'));
const paths =
  named.length > 0
    ? named
    : existsSync(REPORTS)
      ? readdirSync(REPORTS)
          .filter((name) => name.endsWith('.json'))
          .map((name) => `${REPORTS}/${name}`)
      : [];
if (paths.length === 0) {
  console.error('No mutation report yet: run `npm run mutate` first.');
  process.exit(1);
}
const files: Report['files'] = {};
// Oldest first, so a file in two reports (a folder since split into parts) counts as last measured.
paths.sort((a, b) => statSync(a).mtimeMs - statSync(b).mtimeMs);
for (const path of paths) {
  Object.assign(files, (JSON.parse(readFileSync(path, 'utf8')) as Report).files);
  console.log(`${path}: ${statSync(path).mtime.toISOString().slice(0, 16)}`);
}
const folderOf = (file: string) =>
  FOLDERS.find((folder) => file.startsWith(folder)) ?? file.replace(/[^/]+$/, '');

const totals = new Map<string, { detected: number; undetected: number }>();
const survivors: string[] = [];
for (const [file, { source, mutants }] of Object.entries(files)) {
  const folder = folderOf(file);
  const total = totals.get(folder) ?? { detected: 0, undetected: 0 };
  const lines = source.split('\n');
  for (const mutant of mutants) {
    if (DETECTED.has(mutant.status)) total.detected += 1;
    if (!UNDETECTED.has(mutant.status)) continue;
    total.undetected += 1;
    const { line } = mutant.location.start;
    const was = (lines[line - 1] ?? '').trim().slice(0, 80);
    const now = (mutant.replacement ?? '').replace(/\s+/g, ' ').slice(0, 60);
    survivors.push(`${file}:${line} ${mutant.status} ${mutant.mutatorName}: ${was} → ${now}`);
  }
  totals.set(folder, total);
}

console.log('folder              score  detected  undetected');
for (const [folder, { detected, undetected }] of [...totals].sort()) {
  const all = detected + undetected;
  const score = all === 0 ? 'n/a' : `${((detected / all) * 100).toFixed(1)}%`;
  console.log(
    `${folder.padEnd(18)} ${score.padStart(6)}  ${String(detected).padStart(8)}  ${String(undetected).padStart(10)}`,
  );
}
if (process.argv.includes('--survivors')) console.log(`\n${survivors.join('\n')}`);
