/**
 * Puts Patchbay back as a new install finds it, in the browser the last test used, so the tests
 * of a file share one Chromium (a browser started on a fresh profile for each test cost the e2e
 * suite about a tenth more CPU, docs/testing.md). What Chrome keeps for an extension is cleared
 * with the extension's own APIs, then
 * Patchbay reloads itself (`chrome.runtime.reload()`: a new service worker, no page, nothing in
 * memory), and the new worker's view is checked: anything of the test before still there is an
 * error, and the harness starts a fresh browser instead (harness.ts). The next test starts with
 * no page open, as in a fresh browser (harness.ts closes the blank one Chromium opens with).
 *
 * What a reset does not clear, because a test browser never changes it or a test marks its browser
 * as not for reuse: the browser's own settings and the pages' site data (the fixture servers'
 * origins differ by port from test to test). The HTTP cache is cleared before the reload, through
 * the test's last page: a response the worker of the test before fetched after that is kept, for
 * a port no later test's server is likely to have.
 */
import type { BrowserContext, Page, Worker } from 'playwright-core';
import type { Browser, browser } from 'wxt/browser';
import { APPROVAL_SECRET_KEY } from '../../src/chat-approval/approval-secret';

/** What Chrome keeps for Patchbay, as its worker sees it. */
export interface PatchbayState {
  storage: Record<'local' | 'session' | 'sync', string[]>;
  /** The extension origin's IndexedDB databases (the chats). */
  databases: string[];
  alarms: string[];
  rules: number;
  contentScripts: string[];
  permissions: string[];
  origins: string[];
  /** The extension's contexts (its worker, pages, offscreen document). */
  contexts: string[];
}

/** The permissions and sites a file's browser holds from its start, which a reset keeps. */
export type Granted = Pick<PatchbayState, 'permissions' | 'origins'>;

/** The one key a new install's worker writes as it starts: this install's approval key. */
const WRITTEN_AT_START = [APPROVAL_SECRET_KEY];

/** Reads what Chrome keeps for the extension; runs in its worker. */
export function readState(worker: Worker): Promise<PatchbayState> {
  return worker.evaluate(async () => {
    const api = (globalThis as unknown as { chrome: typeof browser }).chrome;
    const keys = async (area: Browser.storage.StorageArea) => Object.keys(await area.get(null));
    const [
      local,
      session,
      sync,
      databases,
      alarms,
      dynamicRules,
      sessionRules,
      scripts,
      held,
      contexts,
    ] = await Promise.all([
      keys(api.storage.local),
      keys(api.storage.session),
      keys(api.storage.sync),
      indexedDB.databases(),
      api.alarms.getAll(),
      api.declarativeNetRequest.getDynamicRules(),
      api.declarativeNetRequest.getSessionRules(),
      api.scripting.getRegisteredContentScripts(),
      api.permissions.getAll(),
      api.runtime.getContexts({}),
    ]);
    return {
      storage: { local, session, sync },
      databases: databases.map((database) => database.name ?? ''),
      alarms: alarms.map((alarm) => alarm.name),
      rules: dynamicRules.length + sessionRules.length,
      contentScripts: scripts.map((script) => script.id),
      permissions: [...(held.permissions ?? [])].sort(),
      origins: [...(held.origins ?? [])].sort(),
      contexts: contexts.map((context) => context.contextType),
    };
  });
}

/**
 * What `state` holds that a new install with the `granted` permissions would not: empty when
 * the reset left nothing of the test before.
 */
export function leftovers(state: PatchbayState, granted: Granted): string[] {
  const found: string[] = [];
  const local = state.storage.local.filter((key) => !WRITTEN_AT_START.includes(key));
  if (local.length) found.push(`storage.local: ${local.join(', ')}`);
  if (state.storage.session.length)
    found.push(`storage.session: ${state.storage.session.join(', ')}`);
  if (state.storage.sync.length) found.push(`storage.sync: ${state.storage.sync.join(', ')}`);
  if (state.databases.length) found.push(`databases: ${state.databases.join(', ')}`);
  if (state.alarms.length) found.push(`alarms: ${state.alarms.join(', ')}`);
  if (state.rules) found.push(`${state.rules} request rules`);
  if (state.contentScripts.length)
    found.push(`content scripts: ${state.contentScripts.join(', ')}`);
  if (state.permissions.join() !== granted.permissions.join())
    found.push(`permissions: ${state.permissions.join(', ')}`);
  if (state.origins.join() !== granted.origins.join())
    found.push(`sites: ${state.origins.join(', ') || 'none'}`);
  const others = state.contexts.filter((type) => type !== 'BACKGROUND');
  if (others.length) found.push(`contexts: ${others.join(', ')}`);
  return found;
}

/** Where the worker keeps the clearing steps not yet done, for a reset that hangs to name. */
const PENDING = '__patchbayResetPending';

/** Clears what Chrome keeps for the extension, then reloads it; runs in its worker. */
function clearAndReload(worker: Worker, granted: Granted) {
  return worker.evaluate(
    async ([keep, pendingKey]) => {
      const api = (globalThis as unknown as { chrome: typeof browser }).chrome;
      const pending = new Set<string>();
      (globalThis as Record<string, unknown>)[pendingKey] = pending;
      const step = <T>(name: string, done: Promise<T>) => {
        pending.add(name);
        return done.finally(() => pending.delete(name));
      };
      const [dynamicRules, sessionRules, held, databases] = await Promise.all([
        step('reading rules', api.declarativeNetRequest.getDynamicRules()),
        step('reading session rules', api.declarativeNetRequest.getSessionRules()),
        step('reading permissions', api.permissions.getAll()),
        step('listing databases', indexedDB.databases()),
      ]);
      const extra = {
        permissions: (held.permissions ?? []).filter((name) => !keep.permissions.includes(name)),
        origins: (held.origins ?? []).filter((origin) => !keep.origins.includes(origin)),
      } as Browser.permissions.Permissions;
      // A database a connection still holds goes once the reload closes it, before the new
      // worker can open it: Chrome queues the deletion first.
      const deleted = databases.map(({ name }) =>
        step(
          `deleting database ${name}`,
          new Promise<void>((resolve, reject) => {
            const request = indexedDB.deleteDatabase(name ?? '');
            request.onsuccess = request.onblocked = () => resolve();
            request.onerror = () => reject(request.error ?? new Error(`${name} was not deleted`));
          }),
        ),
      );
      await Promise.all([
        ...deleted,
        step('clearing storage.local', api.storage.local.clear()),
        step('clearing storage.session', api.storage.session.clear()),
        step('clearing storage.sync', api.storage.sync.clear()),
        step('clearing alarms', api.alarms.clearAll()),
        step(
          'removing rules',
          api.declarativeNetRequest.updateDynamicRules({
            removeRuleIds: dynamicRules.map((rule) => rule.id),
          }),
        ),
        step(
          'removing session rules',
          api.declarativeNetRequest.updateSessionRules({
            removeRuleIds: sessionRules.map((rule) => rule.id),
          }),
        ),
        step('unregistering content scripts', api.scripting.unregisterContentScripts()),
        step('removing menus', api.contextMenus.removeAll()),
        extra.permissions?.length || extra.origins?.length
          ? step('removing permissions', api.permissions.remove(extra))
          : Promise.resolve(),
      ]);
      // Offscreen documents, pages, the badge and every timer go with the reload.
      setTimeout(() => api.runtime.reload(), 0);
    },
    [granted, PENDING] as const,
  );
}

/** The clearing steps `worker` has not finished, as names. */
async function pendingSteps(worker: Worker): Promise<string> {
  const steps = worker.evaluate(
    (key) => [...(((globalThis as Record<string, unknown>)[key] as Set<string>) ?? [])],
    PENDING,
  );
  const none = new Promise<string[]>((resolve) => setTimeout(() => resolve([]), 1_000));
  return (await Promise.race([steps, none]).catch(() => [])).join(', ') || 'none';
}

/** The extension's running worker, started if Chrome had stopped it. */
async function runningWorker(context: BrowserContext, extensionId: string, page: Page) {
  const ours = (worker: Worker) => worker.url().startsWith(`chrome-extension://${extensionId}/`);
  const running = context.serviceWorkers().find(ours);
  if (running) return running;
  const started = context.waitForEvent('serviceworker', { predicate: ours, timeout: 10_000 });
  const cdp = await context.newCDPSession(page);
  try {
    await cdp.send('ServiceWorker.enable');
    await cdp.send('ServiceWorker.startWorker', { scopeURL: `chrome-extension://${extensionId}/` });
  } finally {
    await cdp.detach();
  }
  return started;
}

/** How long a reset may take before the harness gives up on the browser and starts another. */
const RESET_TIMEOUT_MS = 15_000;

/**
 * Resets Patchbay in `context` and returns its new worker; throws, saying what was left, when
 * the new worker still sees anything of the test before, or when the reset hangs.
 */
export function resetPatchbay(
  context: BrowserContext,
  extensionId: string,
  granted: Granted,
  /** Told of the worker of the test before, once it is known, before it is reloaded. */
  retire: (worker: Worker) => void,
): Promise<Worker> {
  const progress: Progress = { step: 'closing the pages' };
  let timer: NodeJS.Timeout | undefined;
  const hung = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      const waiting = progress.clearing ? pendingSteps(progress.clearing) : undefined;
      void Promise.resolve(waiting).then((steps) =>
        reject(
          new Error(
            `The reset took over ${RESET_TIMEOUT_MS / 1000} s, ${progress.step}` +
              (steps ? ` (not done: ${steps})` : ''),
          ),
        ),
      );
    }, RESET_TIMEOUT_MS);
  });
  return Promise.race([reset(context, extensionId, granted, retire, progress), hung]).finally(() =>
    clearTimeout(timer),
  );
}

/** How far a reset got, for the error of one that hangs. */
interface Progress {
  step: string;
  /** The worker clearing, while it does. */
  clearing?: Worker;
}

async function reset(
  context: BrowserContext,
  extensionId: string,
  granted: Granted,
  retire: (worker: Worker) => void,
  progress: Progress,
): Promise<Worker> {
  // The test's pages go before the clear, so none writes after it. One stays for the DevTools
  // calls a worker cannot take (the HTTP cache; starting a stopped worker), then goes too:
  // a blank page opened for them instead cost each reset about 0.2 s of CPU.
  const [keeper = await context.newPage(), ...others] = context.pages();
  await Promise.all(others.map((page) => page.close()));
  progress.step = 'finding the worker';
  const worker = await runningWorker(context, extensionId, keeper);
  retire(worker);
  progress.step = 'clearing the HTTP cache';
  const cdp = await context.newCDPSession(keeper);
  try {
    await cdp.send('Network.clearBrowserCache');
  } finally {
    await cdp.detach();
  }
  await keeper.close();
  progress.step = 'clearing';
  progress.clearing = worker;
  // Only the one worker runs until the reload, so the next one to start is the reloaded one.
  const next = context.waitForEvent('serviceworker', {
    predicate: (started) =>
      started !== worker && started.url().startsWith(`chrome-extension://${extensionId}/`),
    timeout: RESET_TIMEOUT_MS,
  });
  const [reloaded] = await Promise.all([
    next,
    clearAndReload(worker, granted).then(() => {
      progress.step = 'waiting for the reloaded worker';
      progress.clearing = undefined;
    }),
  ]);
  progress.step = 'checking the reloaded worker';
  await context.clearCookies();
  const left = leftovers(await readState(reloaded), granted);
  if (left.length)
    throw new Error(`Patchbay kept what the last test left after its reset: ${left.join('; ')}`);
  return reloaded;
}
