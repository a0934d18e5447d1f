/** Medians and the bench's table: every figure beside the floor it is a ratio of. */

export function median(values: readonly number[]): number {
  if (values.length === 0) throw new Error('median of nothing');
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Runs `sample` `warmup + runs` times and keeps the last `runs` results. */
export async function collect(
  runs: number,
  warmup: number,
  sample: () => Promise<number>,
): Promise<number[]> {
  const kept: number[] = [];
  for (let run = 0; run < warmup + runs; run += 1) {
    const value = await sample();
    if (run >= warmup) kept.push(value);
  }
  return kept;
}

export interface Row {
  /** What was measured. */
  measure: string;
  /** The figure itself (a median), with its unit. */
  value: number;
  unit: 'ms' | 'MB' | 'x' | 'calls';
  /** The floor it is compared with, measured in the same run (same unit), and what it is. */
  floor?: { value: number; label: string };
  /** The ratio's goal: at most this many times the floor. */
  goal?: number;
  /** A second goal on the absolute figure (e.g. a frame budget), with its unit. */
  ceiling?: number;
  /** One sentence on how it was measured, or why a goal is out of reach. */
  note?: string;
  /**
   * The least the figure can physically be on this machine, when that is more than the goal
   * allows (measured in the same run): the goal is then out of reach, and the row says so.
   */
  lowerBound?: number;
}

/** True when even the physical lower bound misses the ratio goal. */
export function outOfReach(row: Row): boolean {
  return (
    row.lowerBound !== undefined &&
    row.goal !== undefined &&
    row.floor !== undefined &&
    row.lowerBound > row.goal * row.floor.value
  );
}

export function ratioOf(row: Row): number | undefined {
  return row.floor ? row.value / row.floor.value : undefined;
}

export function met(row: Row): boolean | undefined {
  const ratio = ratioOf(row);
  if (row.goal === undefined && row.ceiling === undefined) return undefined;
  const ratioOk = row.goal === undefined || (ratio !== undefined && ratio <= row.goal);
  const ceilingOk = row.ceiling === undefined || row.value <= row.ceiling;
  return ratioOk && ceilingOk;
}

function figure(value: number, unit: Row['unit']): string {
  if (unit === 'calls') return `${Math.round(value)} ${unit}`;
  const digits = value >= 100 ? 0 : value >= 10 ? 1 : 2;
  return `${value.toFixed(digits)} ${unit}`;
}

/** The table `npm run bench` prints (Markdown, so docs/performance.md can quote it). */
export function formatTable(rows: readonly Row[]): string {
  const lines = [
    '| measure | Patchbay | floor (same run) | ratio | goal | met |',
    '| --- | ---: | --- | ---: | --- | :---: |',
  ];
  for (const row of rows) {
    const ratio = ratioOf(row);
    const goals = [
      row.goal !== undefined ? `≤ ${row.goal}x` : '',
      row.ceiling !== undefined ? `≤ ${figure(row.ceiling, row.unit)}` : '',
    ]
      .filter(Boolean)
      .join(', ');
    const verdict = met(row);
    lines.push(
      `| ${row.measure} | ${figure(row.value, row.unit)} | ${
        row.floor ? `${figure(row.floor.value, row.unit)} ${row.floor.label}` : ''
      } | ${ratio !== undefined ? `${ratio.toFixed(2)}x` : ''} | ${goals || '(figure only)'} | ${
        verdict === undefined ? '' : verdict ? 'yes' : outOfReach(row) ? 'out of reach' : 'NO'
      } |`,
    );
  }
  const notes = rows.filter((row) => row.note);
  if (notes.length) {
    lines.push('');
    for (const row of notes) lines.push(`- ${row.measure}: ${row.note}`);
  }
  return lines.join('\n');
}

/**
 * How far a ratio of medians moves by sampling alone: its standard deviation over bootstrap
 * resamples of the rounds. The figure and the parts of its floor were sampled interleaved, one
 * of each a round, so a resample keeps each round's samples together. A fixed seed gives the
 * same answer for the same samples.
 */
export function ratioSpread(
  figure: readonly number[],
  floorParts: readonly (readonly number[])[],
  resamples = 400,
): number {
  const rounds = figure.length;
  if (rounds === 0 || floorParts.some((part) => part.length !== rounds))
    throw new Error('ratioSpread needs the same number of samples of each, one a round');
  let seed = 0x9e3779b9;
  // mulberry32: small, seeded, and plenty for picking rounds.
  const random = () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
  const ratios: number[] = [];
  for (let resample = 0; resample < resamples; resample += 1) {
    const picked = Array.from({ length: rounds }, () => Math.floor(random() * rounds));
    const floor = floorParts.reduce(
      (sum, part) => sum + median(picked.map((round) => part[round]!)),
      0,
    );
    ratios.push(median(picked.map((round) => figure[round]!)) / floor);
  }
  const mean = ratios.reduce((sum, ratio) => sum + ratio, 0) / resamples;
  return Math.sqrt(ratios.reduce((sum, ratio) => sum + (ratio - mean) ** 2, 0) / resamples);
}
