/** A real `redis-server` and relay processes (the command line), on loopback, for tests. */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { Redis } from 'ioredis';
import { RELAY_NODE_FLAGS } from '../src/options/node-flags';
import { relayCli } from './relay-build';

export const SECRET = 'a-scale-out-test-secret';

async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  return port;
}

async function stopped(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exit = once(child, 'exit');
  child.kill(signal);
  await exit;
}

export interface RedisServer {
  url: string;
  stop(): Promise<void>;
  /** Starts it again on the same port, empty (nothing is saved), after `stop`. */
  start(): Promise<void>;
}

export async function startRedis(): Promise<RedisServer> {
  const port = await freePort();
  const url = `redis://127.0.0.1:${port}`;
  const spawnRedis = async () => {
    const child = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: 'ignore' },
    );
    // Ready when it answers PING: the PING waits for the connection, tried every 20 ms for up
    // to 10 s (a busy machine starts it slowly; ioredis's default gives a command 20 tries).
    const probe = new Redis(url, {
      maxRetriesPerRequest: null,
      retryStrategy: (times) => (times > 500 ? null : 20),
    });
    probe.on('error', () => undefined);
    await probe.ping();
    probe.disconnect();
    return child;
  };
  let child = await spawnRedis();
  return {
    url,
    stop: () => stopped(child),
    async start() {
      child = await spawnRedis();
    },
  };
}

export interface RelayProcess {
  url: string;
  child: ChildProcess;
  stderr: () => string;
  /** SIGTERM (a graceful stop) or SIGKILL (an instance dying). */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

export async function startRelayProcess(args: string[]): Promise<RelayProcess> {
  const child = spawn(process.execPath, [...RELAY_NODE_FLAGS, relayCli(), '--port', '0', ...args], {
    env: { ...process.env, RELAY_SECRET: SECRET },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const url = await new Promise<string>((resolve, reject) => {
    let stdout = '';
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
      const match = /listening on (http:\/\/\S+)\n/.exec(stdout);
      if (match) resolve(match[1]!);
    });
    child.once('exit', (code) => reject(new Error(`the relay exited (${code}): ${stderr}`)));
  });
  return { url, child, stderr: () => stderr, stop: (signal) => stopped(child, signal) };
}
