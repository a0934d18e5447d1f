/**
 * The command line, as scripts use it: `npm run relay -- …` starts a relay that says where it
 * listens and stops cleanly on SIGTERM; `token` prints one token and nothing else.
 */
import { execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { createVerifier } from '../src/access/tokens.js';
import { relayCli } from './relay-build';

/** The command as `npm run relay` runs it, without npm in between (signals reach it). */
const CLI = ['--import', 'tsx', 'relay/src/cli.ts'];
/**
 * The command as the package's `bin` ships it (this run's build, relay-build.ts), for the many
 * refusals: through tsx, each run spent about a second of CPU transforming the sources.
 */
const BUILT_CLI = [relayCli()];
const NODE = process.execPath;
const SECRET = 'a-command-line-secret';

describe('patchbay-relay', () => {
  it('prints one token, for the user and role named, that the relay accepts', async () => {
    const { stdout, stderr } = await promisify(execFile)(NODE, [
      ...CLI,
      'token',
      '--user',
      'alice',
      '--role',
      'browser',
      '--secret',
      SECRET,
      '--ttl',
      '1h',
    ]);
    expect(stderr).toBe('');
    expect(stdout).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+\n$/);
    const verifier = createVerifier({ secret: SECRET });
    await expect(verifier.verify(stdout.trim(), 'browser')).resolves.toMatchObject({
      user: 'alice',
      role: 'browser',
    });
    await expect(verifier.verify(stdout.trim(), 'client')).rejects.toThrow(/browser token/);
  });

  it('starts, says where it listens, answers /health, and stops on SIGTERM', async () => {
    const child = spawn(NODE, [...CLI, '--port', '0'], {
      env: { ...process.env, RELAY_SECRET: SECRET },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    const logs: string[] = [];
    child.stderr.on('data', (chunk) => logs.push(String(chunk)));
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout.on('data', (chunk) => {
        stdout += String(chunk);
        const match = /^listening on (http:\/\/127\.0\.0\.1:\d+)\n/.exec(stdout);
        if (match) resolve(match[1]!);
      });
      child.once('exit', (code) => reject(new Error(`exited ${code}: ${logs.join('')}`)));
    });
    const health = await fetch(`${url}/health`);
    await expect(health.json()).resolves.toMatchObject({ status: 'ok', activeSessions: 0 });
    child.kill('SIGTERM');
    const [code] = await once(child, 'exit');
    expect(code).toBe(0);
    expect(logs.join('')).toContain('"event":"relay.closed"');
    expect(logs.join('')).not.toContain(SECRET);
  });

  it.each([
    [['--port', '0'], /needs --secret/],
    [['--port', 'many', '--secret', SECRET], /--port must be a port number/],
    [['--secret', 'short'], /16 characters or more/],
    [['token', '--secret', SECRET], /token needs --user/],
    [['token', '--user', 'alice', '--secret', SECRET], /token needs --role browser/],
    [['token', '--user', 'alice', '--role', 'admin', '--secret', SECRET], /--role client/],
    [
      ['--secret', SECRET, '--allowed-extensions', 'not-an-id'],
      /--allowed-extensions takes extension ids/,
    ],
    [
      ['--secret', SECRET, '--redis', 'localhost:6379'],
      /--redis must be a redis:\/\/ or rediss:\/\/ URL/,
    ],
    [
      ['--secret', SECRET, '--redis', 'redis://127.0.0.1:1'],
      /Cannot reach Redis at redis:\/\/127\.0\.0\.1:1/,
    ],
    [['--secret', SECRET, '--presence-ttl', '0'], /--presence-ttl is a number of seconds/],
    [
      [
        ...['--jwks-url', 'https://id.example/jwks', '--jwks-issuer', 'i', '--jwks-audience', 'a'],
        ...['--redis', 'redis://127.0.0.1:1'],
      ],
      /With --redis and --jwks-url, give --redis-key/,
    ],
    [['--secret', SECRET, '--http-rate', '0'], /--http-rate is a whole number, 1 or more/],
    [['--secret', SECRET, '--browser-grace', '601'], /--browser-grace is a number of seconds/],
    [['--secret', SECRET, '--browser-grace', 'soon'], /--browser-grace is a number of seconds/],
    [['--secret', SECRET, '--max-waiting', '0'], /--max-waiting is a whole number, 1 or more/],
  ])('refuses %j with a clear message', async (args, message) => {
    const run = promisify(execFile)(NODE, [...BUILT_CLI, ...args], {
      env: { ...process.env, RELAY_SECRET: '' },
    });
    await expect(run).rejects.toMatchObject({ code: 2, stderr: expect.stringMatching(message) });
  });
});
