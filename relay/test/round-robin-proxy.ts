/**
 * A load balancer without affinity, for tests: every HTTP request, SSE GET and WebSocket upgrade
 * goes to the next instance in turn (plain node:http and node:net; nothing is buffered, so SSE
 * streams flow as they are written). An instance that refuses a connection is taken out of the
 * turn (as a load balancer's failed health check would), and that request gets 502. Stands in
 * for nginx in the relay's deployment notes.
 */
import { once } from 'node:events';
import { createServer, request as httpRequest, Agent, type IncomingMessage } from 'node:http';
import { connect, type Socket } from 'node:net';

export interface RoundRobinProxy {
  url: string;
  /** Where each request went, in order (the instance's index). */
  routed: number[];
  /** Instances taken out of the turn because they refused a connection. */
  down: string[];
  close(): Promise<void>;
}

export async function startRoundRobinProxy(targets: string[]): Promise<RoundRobinProxy> {
  targets = targets.map((url) => new URL(url).origin);
  let upstreams = targets.map((url) => new URL(url));
  let turn = 0;
  const routed: number[] = [];
  const down: string[] = [];
  const markDown = (target: URL, error: NodeJS.ErrnoException) => {
    if (error.code !== 'ECONNREFUSED' || !upstreams.includes(target)) return;
    upstreams = upstreams.filter((each) => each !== target);
    down.push(target.origin);
  };
  // A fresh connection per request: a kept-alive one the instance closes as it is reused would
  // fail a request that the instance never saw.
  const agent = new Agent({ keepAlive: false, maxSockets: 1024 });
  const sockets = new Set<Socket>();
  const next = () => {
    const index = turn++ % upstreams.length;
    const target = upstreams[index]!;
    routed.push(targets.indexOf(target.origin));
    return target;
  };

  const server = createServer((incoming, outgoing) => {
    const target = next();
    const upstream = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        method: incoming.method,
        path: incoming.url,
        headers: incoming.headers,
        agent,
      },
      (answer: IncomingMessage) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.rawHeaders);
        outgoing.flushHeaders();
        answer.pipe(outgoing);
        // The instance went away mid-answer: so does this answer (as a load balancer does).
        answer.on('aborted', () => outgoing.destroy());
        answer.on('error', () => outgoing.destroy());
      },
    );
    upstream.on('error', (error) => {
      markDown(target, error);
      if (!outgoing.headersSent) outgoing.writeHead(502).end(`proxy: ${error.message}`);
      else outgoing.destroy();
    });
    // The client went away (an SSE stream closed): so does the upstream request.
    outgoing.on('close', () => upstream.destroy());
    incoming.pipe(upstream);
  });

  server.on('upgrade', (incoming: IncomingMessage, client: Socket, head: Buffer) => {
    const target = next();
    const upstream = connect(Number(target.port), target.hostname, () => {
      const lines = [`${incoming.method} ${incoming.url} HTTP/1.1`];
      for (let index = 0; index < incoming.rawHeaders.length; index += 2)
        lines.push(`${incoming.rawHeaders[index]}: ${incoming.rawHeaders[index + 1]}`);
      upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
      if (head.length) upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', (error) => {
        if (socket === upstream) markDown(target, error);
        client.destroy();
        upstream.destroy();
      });
      socket.on('close', () => {
        sockets.delete(socket);
        client.destroy();
        upstream.destroy();
      });
    }
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    routed,
    down,
    async close() {
      for (const socket of sockets) socket.destroy();
      agent.destroy();
      server.close();
      await once(server, 'close');
    },
  };
}
