import { describe, expect, it } from 'vitest';
import { readHandshake } from '../../../src/mcp/resume-session';

const handshake = {
  protocolVersion: '2025-11-25',
  capabilities: { tools: { listChanged: true } },
  serverInfo: { name: 'Docs', version: '1.2.0' },
};

describe('a stored handshake, read back from storage it does not trust', () => {
  it.each([
    ['a whole handshake', handshake, handshake],
    [
      'one with instructions',
      { ...handshake, instructions: 'Use search first.' },
      { ...handshake, instructions: 'Use search first.' },
    ],
    ['instructions that are not text, left out', { ...handshake, instructions: 7 }, handshake],
    ['unknown keys, left out', { ...handshake, sessionId: 'abc', extra: true }, handshake],
    ['nothing', undefined, undefined],
    ['null', null, undefined],
    ['a string', 'handshake', undefined],
    ['no protocol version', { ...handshake, protocolVersion: undefined }, undefined],
    ['a numeric protocol version', { ...handshake, protocolVersion: 20251125 }, undefined],
    ['no capabilities', { ...handshake, capabilities: undefined }, undefined],
    ['capabilities as a list', { ...handshake, capabilities: [] }, undefined],
    ['capabilities as null', { ...handshake, capabilities: null }, undefined],
    ['no server info', { ...handshake, serverInfo: undefined }, undefined],
    ['server info as a list', { ...handshake, serverInfo: ['Docs', '1.2.0'] }, undefined],
    ['a server without a name', { ...handshake, serverInfo: { version: '1.2.0' } }, undefined],
    ['a server without a version', { ...handshake, serverInfo: { name: 'Docs' } }, undefined],
    ['a numeric version', { ...handshake, serverInfo: { name: 'Docs', version: 1 } }, undefined],
  ])('%s', (_case, stored, expected) => {
    expect(readHandshake(stored)).toStrictEqual(expected);
  });
});
