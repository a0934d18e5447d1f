/**
 * The routine runner: takes runs from the background one by one and runs them
 * (src/routines/runner-loop.ts), speaking to the background through its offscreen document.
 */
import { createPatchbayClient } from '../../src/messaging/client';
import { runnerLoop } from '../../src/routines/runner-loop';
import { workerSideTransport } from '../../src/messaging/worker-transport';

// A dedicated worker's global scope: postMessage to its page, and its page's messages.
const scope = self as unknown as Parameters<typeof workerSideTransport>[0];
void runnerLoop(createPatchbayClient(workerSideTransport(scope)));
