/**
 * The soak's verdict and its figures: each goal met or not, a Markdown summary, and a chart of
 * both heaps over time (SVG, no library: a polyline per series).
 */
import type { Tally } from './activity';
import type { Sample } from './metrics';

export interface Goal {
  goal: string;
  figure: string;
  met: boolean;
  /** Judged only on runs long enough to mean something (heap drift needs the time). */
  gating: boolean;
}

/** Runs shorter than this report heap drift without judging it. */
const HEAP_GOAL_MINUTES = 30;

const mean = (values: number[]) => values.reduce((sum, each) => sum + each, 0) / values.length;

/** The mean of `pick` over the samples in the first and last fifth after warm-up. */
function fifths(samples: Sample[], pick: (sample: Sample) => number | undefined) {
  const warm = samples.slice(Math.ceil(samples.length / 5));
  const values = (part: Sample[]) =>
    part.map(pick).filter((value): value is number => value !== undefined);
  const fifth = Math.max(1, Math.floor(warm.length / 5));
  const first = values(warm.slice(0, fifth));
  const last = values(warm.slice(-fifth));
  return first.length && last.length ? { first: mean(first), last: mean(last) } : undefined;
}

function drift(
  samples: Sample[],
  label: string,
  pick: (sample: Sample) => number | undefined,
  minutes: number,
): Goal {
  const both = fifths(samples, pick);
  if (!both)
    return {
      goal: `${label}: last fifth within 10% of the first`,
      figure: 'no samples',
      met: false,
      gating: false,
    };
  const ratio = both.last / both.first;
  return {
    goal: `${label}: last fifth within 10% of the first (after warm-up)`,
    figure: `${both.first.toFixed(1)} → ${both.last.toFixed(1)} MB (${ratio.toFixed(2)}x)`,
    met: ratio <= 1.1,
    gating: minutes >= HEAP_GOAL_MINUTES,
  };
}

/**
 * A count that must not grow: the middle of its last fifth (after warm-up) at most the middle of
 * its first + `slack`. The middle, not the highest: a count read at a random moment of the soak's
 * work can catch a render's passing listeners or a socket still closing (the panel's listeners
 * read 253 once, in one sample at the very end, against 185 to 220 before and after it in the
 * same run and others), while what leaks stays and raises every later sample.
 */
function flat(
  samples: Sample[],
  label: string,
  pick: (sample: Sample) => number | undefined,
  slack: number,
): Goal {
  const warm = samples.slice(Math.ceil(samples.length / 5));
  const fifth = Math.max(1, Math.floor(warm.length / 5));
  const middle = (part: Sample[]) => {
    const values = part
      .map(pick)
      .filter((value): value is number => value !== undefined)
      .sort((a, b) => a - b);
    return values.length ? values[Math.floor((values.length - 1) / 2)]! : 0;
  };
  const first = middle(warm.slice(0, fifth));
  const last = middle(warm.slice(-fifth));
  return {
    goal: `${label}: flat`,
    figure: `${first} → ${last}`,
    met: last <= first + slack,
    gating: true,
  };
}

export function goalsOf(samples: Sample[], tally: Tally, lost: string[], minutes: number): Goal[] {
  const outcomes = Object.values(tally.calls);
  const total = (key: 'ok' | 'error' | 'unanswered') =>
    outcomes.reduce((sum, counts) => sum + counts[key], 0);
  return [
    drift(samples, 'worker heap', (sample) => sample.workerHeapMb, minutes),
    drift(samples, 'panel heap', (sample) => sample.panelHeapMb, minutes),
    flat(samples, 'panel event listeners', (sample) => sample.panelListeners, 50),
    flat(samples, 'open sockets', (sample) => sample.sockets, 5),
    flat(samples, 'alarms', (sample) => sample.alarms, 0),
    {
      goal: 'calls without an answer: 0',
      figure: `${total('unanswered')} of ${total('ok') + total('error') + total('unanswered')}`,
      met: total('unanswered') === 0,
      gating: true,
    },
    {
      goal: 'calls answered with an error: at most 1%',
      figure: `${total('error')} of ${total('ok') + total('error') + total('unanswered')}`,
      met: total('error') <= 0.01 * (total('ok') + total('error') + total('unanswered')),
      gating: true,
    },
    {
      goal: 'lost words: 0',
      figure: `${lost.length} of ${tally.answers.length} answers missing from storage`,
      met: lost.length === 0,
      gating: true,
    },
  ];
}

export function markdown(goals: Goal[], tally: Tally, minutes: number): string {
  const rows = goals.map(
    (goal) =>
      `| ${goal.goal} | ${goal.figure} | ${goal.met ? 'met' : goal.gating ? '**missed**' : 'missed (not judged on a run this short)'} |`,
  );
  const calls = Object.entries(tally.calls).map(
    ([kind, counts]) => `| ${kind} | ${counts.ok} | ${counts.error} | ${counts.unanswered} |`,
  );
  return [
    `Soak: ${minutes} min`,
    '',
    '| goal | figure | |',
    '| --- | --- | --- |',
    ...rows,
    '',
    '| calls | ok | error | unanswered |',
    '| --- | --- | --- | --- |',
    ...calls,
  ].join('\n');
}

/** Both heaps over time, as an SVG line chart. */
export function heapChart(samples: Sample[]): string {
  const width = 640;
  const height = 240;
  const pad = 40;
  const series = [
    { name: 'worker heap', color: '#1a5fb4', pick: (sample: Sample) => sample.workerHeapMb },
    { name: 'panel heap', color: '#c64600', pick: (sample: Sample) => sample.panelHeapMb },
  ];
  const end = Math.max(1, ...samples.map((sample) => sample.at));
  const top = Math.max(
    1,
    ...samples.flatMap((sample) => series.map((each) => each.pick(sample) ?? 0)),
  );
  const x = (at: number) => pad + ((width - 2 * pad) * at) / end;
  const y = (mb: number) => height - pad - ((height - 2 * pad) * mb) / top;
  const lines = series.map((each) => {
    const points = samples
      .filter((sample) => each.pick(sample) !== undefined)
      .map((sample) => `${x(sample.at).toFixed(1)},${y(each.pick(sample)!).toFixed(1)}`)
      .join(' ');
    return `<polyline fill="none" stroke="${each.color}" stroke-width="1.5" points="${points}"/>`;
  });
  const legend = series.map(
    (each, index) =>
      `<text x="${pad + index * 140}" y="20" fill="${each.color}" font-size="12">${each.name}</text>`,
  );
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" font-family="sans-serif">
<rect width="100%" height="100%" fill="#fff"/>
<line x1="${pad}" y1="${height - pad}" x2="${width - pad}" y2="${height - pad}" stroke="#888"/>
<line x1="${pad}" y1="${pad}" x2="${pad}" y2="${height - pad}" stroke="#888"/>
<text x="${pad}" y="${height - 10}" font-size="11">0 min</text>
<text x="${width - pad - 40}" y="${height - 10}" font-size="11">${(end / 60).toFixed(0)} min</text>
<text x="4" y="${pad}" font-size="11">${top.toFixed(0)} MB</text>
${lines.join('\n')}
${legend.join('\n')}
</svg>
`;
}
