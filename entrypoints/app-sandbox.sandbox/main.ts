import { startSandboxProxy } from '../../src/apps/sandbox-proxy';

startSandboxProxy(window);
