/**
 * The relay's metrics in the Prometheus text exposition format (version 0.0.4), written here:
 * a few counters with labels, gauges read when scraped, and one histogram. No label carries a
 * user, a token or a browser name: only transports, kinds and HTTP statuses (a bounded set).
 */

type Labels = Record<string, string>;

const escaped = (value: string) =>
  /[\\\n"]/.test(value)
    ? value.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/"/g, '\\"')
    : value;

/** `{name="value",…}`; counted on every request, so without work where nothing needs escaping. */
const labelText = (labels: Labels) => {
  let text = '';
  for (const name in labels) text += `${text ? ',' : '{'}${name}="${escaped(labels[name]!)}"`;
  return text ? `${text}}` : '';
};

export class Counter {
  readonly #values = new Map<string, { labels: Labels; value: number }>();
  constructor(
    readonly name: string,
    readonly help: string,
  ) {}

  inc(labels: Labels = {}, by = 1): void {
    const key = labelText(labels);
    const entry = this.#values.get(key) ?? { labels, value: 0 };
    entry.value += by;
    this.#values.set(key, entry);
  }

  value(labels: Labels = {}): number {
    return this.#values.get(labelText(labels))?.value ?? 0;
  }

  render(): string[] {
    return [
      `# HELP ${this.name} ${this.help}`,
      `# TYPE ${this.name} counter`,
      ...[...this.#values.values()].map(
        ({ labels, value }) => `${this.name}${labelText(labels)} ${value}`,
      ),
    ];
  }
}

/** A gauge whose values are read when scraped. */
export class Gauge {
  constructor(
    readonly name: string,
    readonly help: string,
    private readonly read: () => { labels?: Labels; value: number }[],
  ) {}

  render(): string[] {
    return [
      `# HELP ${this.name} ${this.help}`,
      `# TYPE ${this.name} gauge`,
      ...this.read().map(({ labels = {}, value }) => `${this.name}${labelText(labels)} ${value}`),
    ];
  }
}

export class Histogram {
  readonly #counts: number[];
  #sum = 0;
  #count = 0;
  constructor(
    readonly name: string,
    readonly help: string,
    /** Upper bounds, ascending (seconds). */
    readonly buckets: readonly number[],
  ) {
    this.#counts = buckets.map(() => 0);
  }

  observe(value: number): void {
    for (
      let index = this.buckets.length - 1;
      index >= 0 && value <= this.buckets[index]!;
      index -= 1
    )
      this.#counts[index]! += 1;
    this.#sum += value;
    this.#count += 1;
  }

  get count(): number {
    return this.#count;
  }

  render(): string[] {
    return [
      `# HELP ${this.name} ${this.help}`,
      `# TYPE ${this.name} histogram`,
      ...this.buckets.map(
        (bound, index) => `${this.name}_bucket{le="${bound}"} ${this.#counts[index]}`,
      ),
      `${this.name}_bucket{le="+Inf"} ${this.#count}`,
      `${this.name}_sum ${this.#sum}`,
      `${this.name}_count ${this.#count}`,
    ];
  }
}

/** What the relay counts as it runs (the gauges are added where their values live). */
export class RelayMetrics {
  readonly requests = new Counter(
    'patchbay_relay_client_requests_total',
    'Client requests received, by transport (relay, modern, streamable, sse, tools).',
  );
  readonly errors = new Counter(
    'patchbay_relay_errors_total',
    'Errors answered to clients: HTTP responses of status 400 and above (by status), and relay-protocol error replies (status="rpc").',
  );
  readonly forwarded = new Counter(
    'patchbay_relay_instance_messages_total',
    'Messages between relay instances through Redis, by direction (sent, received).',
  );
  readonly waited = new Counter(
    'patchbay_relay_browser_waits_total',
    'Requests that waited for a browser to come back, by outcome (returned, gave_up).',
  );
  readonly latency = new Histogram(
    'patchbay_relay_browser_answer_seconds',
    'Time from a client request reaching the relay to the browser answering it.',
    [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
  );
  /** Metrics read when scraped. */
  readonly #gauges: { render(): string[] }[] = [];

  gauge(name: string, help: string, read: () => { labels?: Labels; value: number }[]): void {
    this.#gauges.push(new Gauge(name, help, read));
  }

  /** A counter kept elsewhere (the process's CPU time), read when scraped. */
  counterOf(name: string, help: string, read: () => number): void {
    this.#gauges.push({
      render: () => [`# HELP ${name} ${help}`, `# TYPE ${name} counter`, `${name} ${read()}`],
    });
  }

  render(): string {
    const all = [
      ...this.#gauges,
      this.requests,
      this.errors,
      this.forwarded,
      this.waited,
      this.latency,
    ];
    return `${all.flatMap((metric) => metric.render()).join('\n')}\n`;
  }
}

/** The relay's gauges: what it holds now, read when scraped. */
export function gaugesOf(
  metrics: RelayMetrics,
  read: {
    browsers(): number;
    relayClients(): number;
    relayConnections(): number;
    httpSessions(): { streamable: number; sse: number };
    waiting(): number;
  },
): void {
  metrics.gauge('patchbay_relay_browsers', 'Browsers connected to this instance.', () => [
    { value: read.browsers() },
  ]);
  metrics.gauge(
    'patchbay_relay_clients',
    'Clients on this instance, by transport (relay: WebSocket sockets; streamable: 2025 sessions; sse: legacy streams).',
    () => {
      const http = read.httpSessions();
      return [
        { labels: { transport: 'relay' }, value: read.relayClients() },
        { labels: { transport: 'streamable' }, value: http.streamable },
        { labels: { transport: 'sse' }, value: http.sse },
      ];
    },
  );
  metrics.gauge(
    'patchbay_relay_sessions',
    'Sessions with a browser on this instance, by kind (relay connections, streamable 2025 sessions, sse streams).',
    () => {
      const http = read.httpSessions();
      return [
        { labels: { kind: 'relay' }, value: read.relayConnections() },
        { labels: { kind: 'streamable' }, value: http.streamable },
        { labels: { kind: 'sse' }, value: http.sse },
      ];
    },
  );
  metrics.gauge(
    'patchbay_relay_waiting_for_browser',
    'Requests waiting now for a browser that just left to come back.',
    () => [{ value: read.waiting() }],
  );
}
