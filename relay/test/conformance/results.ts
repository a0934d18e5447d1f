/**
 * Reads what the conformance CLI wrote with `-o <dir>` (one `server-<scenario>-<time>/checks.json`
 * per scenario) and compares two runs check by check. A check is named by its id and name (ids
 * repeat within a scenario, e.g. one per header probe); repeats collapse to the worst verdict.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';

const checkSchema = z.object({
  id: z.string(),
  name: z.string().optional(),
  status: z.enum(['SUCCESS', 'INFO', 'SKIPPED', 'WARNING', 'FAILURE']),
  errorMessage: z.string().optional(),
});
type Status = z.infer<typeof checkSchema>['status'];

export interface Verdict {
  status: Status;
  errorMessage?: string;
}
/** Scenario → check → verdict. */
export type Run = Map<string, Map<string, Verdict>>;

const RANK: Record<Status, number> = { SUCCESS: 0, INFO: 0, SKIPPED: 1, WARNING: 2, FAILURE: 3 };
const passed = (verdict: Verdict | undefined) =>
  verdict !== undefined && RANK[verdict.status] === 0;

export function readRun(dir: string): Run {
  const run: Run = new Map();
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const scenario = /^server-(.+)-\d{4}-\d\d-\d\dT[\d-]+Z$/.exec(entry.name)?.[1];
    if (!entry.isDirectory() || scenario === undefined) continue;
    const checks = z
      .array(checkSchema)
      .parse(JSON.parse(readFileSync(join(dir, entry.name, 'checks.json'), 'utf8')));
    const verdicts = new Map<string, Verdict>();
    for (const check of checks) {
      const key = check.name && check.name !== check.id ? `${check.id} (${check.name})` : check.id;
      const known = verdicts.get(key);
      if (!known || RANK[check.status] > RANK[known.status]) {
        verdicts.set(key, { status: check.status, errorMessage: check.errorMessage });
      }
    }
    run.set(scenario, verdicts);
  }
  return run;
}

export interface Comparison {
  /** scenario | direct passed/checks | relay passed/checks | verdict */
  table: string;
  /** Checks that pass directly, or do better directly, but not through the relay: fatal. */
  relayOnly: string[];
  /** Checks failing (or warning) both ways, the server's: one line per scenario. */
  bothFail: string[];
  /** Checks that do better through the relay. */
  directOnly: string[];
  /** Checks only the relay's run has (the direct run stopped before them), not passing. */
  unmatched: string[];
}

const describe = (verdict: Verdict | undefined) =>
  verdict === undefined
    ? 'absent'
    : verdict.errorMessage
      ? `${verdict.status}: ${verdict.errorMessage.slice(0, 200)}`
      : verdict.status;

export function compare(direct: Run, relay: Run): Comparison {
  const result: Comparison = {
    table: '',
    relayOnly: [],
    bothFail: [],
    directOnly: [],
    unmatched: [],
  };
  const rows: string[][] = [['scenario', 'direct', 'relay', '']];
  const scenarios = [...new Set([...direct.keys(), ...relay.keys()])];
  for (const scenario of scenarios) {
    const there = direct.get(scenario) ?? new Map<string, Verdict>();
    const here = relay.get(scenario) ?? new Map<string, Verdict>();
    let worse = false;
    let better = false;
    const failingBoth = new Set<string>();
    for (const key of new Set([...there.keys(), ...here.keys()])) {
      const a = there.get(key);
      const b = here.get(key);
      const line = `${scenario} › ${key}: direct ${describe(a)}; relay ${describe(b)}`;
      if (a === undefined) {
        if (!passed(b)) result.unmatched.push(line);
      } else if (b === undefined || RANK[b.status] > RANK[a.status]) {
        worse = true;
        result.relayOnly.push(line);
      } else if (RANK[b.status] < RANK[a.status]) {
        better = true;
        result.directOnly.push(line);
      } else if (!passed(a)) {
        failingBoth.add(key.split(' ')[0]!);
      }
    }
    if (failingBoth.size > 0) {
      result.bothFail.push(`${scenario} (${failingBoth.size}): ${[...failingBoth].join(', ')}`);
    }
    const score = (checks: Map<string, Verdict>, present: boolean) =>
      present ? `${[...checks.values()].filter(passed).length}/${checks.size}` : '—';
    rows.push([
      scenario,
      score(there, direct.has(scenario)),
      score(here, relay.has(scenario)),
      worse ? '✗ relay worse' : better ? '+ relay better' : '=',
    ]);
  }
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  result.table = rows
    .map((row) =>
      row
        .map((cell, column) => cell.padEnd(widths[column]!))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
  return result;
}
