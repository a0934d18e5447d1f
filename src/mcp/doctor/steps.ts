/**
 * The connection doctor's steps: how one is made, and the report people copy. What goes into a
 * step never holds a header value, a token, a code or a secret: URLs keep their query's names
 * only, and {@link scrubbed} takes out, as a last guard, any secret a server echoed back.
 */
import type { DoctorStep } from '../../messaging/contract';

export type { DoctorStep };

/** A step, its URL redacted and its strings cut to what the message contract carries. */
export function step(fields: DoctorStep): DoctorStep {
  const { url, contentType, fix } = fields;
  return {
    ...fields,
    sentence: fields.sentence.slice(0, 1000),
    ...(url ? { url: redactUrl(url).slice(0, 2048) } : {}),
    ...(contentType ? { contentType: contentType.slice(0, 200) } : {}),
    ...(fix ? { fix: fix.slice(0, 1000) } : {}),
  };
}

/** A step that is a verdict alone, without a request of its own. */
export const said = (
  name: string,
  verdict: DoctorStep['verdict'],
  sentence: string,
  fix?: string,
): DoctorStep => step({ name, verdict, sentence, ...(fix ? { fix } : {}) });

export const failed = (steps: readonly DoctorStep[]) =>
  steps.find((candidate) => candidate.verdict === 'fail');

/**
 * An address as the report shows it: no user name or password, no fragment, and every query
 * value replaced (`?code=…&state=…`): servers put keys and tokens there too.
 */
export function redactUrl(address: string): string {
  try {
    const url = new URL(address);
    const names = [...new Set(url.searchParams.keys())];
    const query = names.length ? `?${names.map((name) => `${name}=…`).join('&')}` : '';
    return `${url.protocol}//${url.host}${url.pathname}${query}`;
  } catch {
    return '(not a URL)';
  }
}

/** The steps with every `secret` (of four characters or more) replaced, wherever it appears. */
export function scrubbed(steps: readonly DoctorStep[], secrets: readonly string[]): DoctorStep[] {
  const known = secrets.filter((secret) => secret.length >= 4);
  const scrub = (text: string) =>
    known.reduce((clean, secret) => clean.split(secret).join('[redacted]'), text);
  return steps.map(
    (each) =>
      Object.fromEntries(
        Object.entries(each).map(([key, value]) => [
          key,
          typeof value === 'string' ? scrub(value) : value,
        ]),
      ) as DoctorStep,
  );
}

/** What was seen of a step's request: `HTTP 404 · text/html · 12 ms`. */
export function stepFacts(each: DoctorStep): string {
  return [
    each.status !== undefined ? `HTTP ${each.status}` : '',
    each.contentType ?? '',
    each.ms !== undefined ? `${each.ms} ms` : '',
  ]
    .filter(Boolean)
    .join(' · ');
}

/** The report as text, for the server's admin: one paragraph per step. */
export function reportText(
  server: { name: string; url: string },
  steps: readonly DoctorStep[],
  at: Date,
): string {
  const lines = [
    `Patchbay connection report: ${server.name}`,
    `Server: ${redactUrl(server.url)}`,
    `Checked: ${at.toISOString()}`,
  ];
  for (const each of steps) {
    const facts = [each.url, stepFacts(each)].filter(Boolean).join(' · ');
    lines.push('', `[${each.verdict}] ${each.name}: ${each.sentence}`);
    if (facts) lines.push(`  ${facts}`);
    if (each.fix) lines.push(`  Fix: ${each.fix}`);
  }
  return lines.join('\n');
}
