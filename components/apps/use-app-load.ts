import { useLayoutEffect, useState, type RefObject } from 'react';
import type { AppPhase, AppPrompt } from '../../src/apps/app-prompt';
import type { HostEnvironment } from '../../src/apps/host-context';
import { useClient } from '../shared/client-context';
import { askPerson, createAppLoad, declineAll, retireAppFrame, type AppLoad } from './mcp-app-load';
import type { McpAppOptions } from './mcp-app-options';
import { createAppPolicy } from './mcp-app-policy';
import { startApp } from './mcp-app-start';
import type { useAppDisplayMode } from './use-app-display-mode';

const INITIAL_HEIGHT = 160;

/** How long an app may take to load and say it is ready. */
const START_TIMEOUT_MS = 20_000;

/** Ends a load: questions are declined, context dropped, the frame retired. */
function endLoad(
  load: AppLoad,
  currentRef: RefObject<AppLoad | undefined>,
  options: McpAppOptions,
  clearPrompts: () => void,
) {
  load.gone = true;
  declineAll(load);
  if (currentRef.current === load) {
    currentRef.current = undefined;
    clearPrompts();
  }
  options.setModelContext(options.callId, undefined);
  retireAppFrame(load);
}

/**
 * Starts the app in its frame and names one that does not start: a failure on the way, or no
 * word that it is ready in time (broken markup, a script its policy blocks). Returns what ends
 * the watch for the latter.
 */
function startWatched(
  load: AppLoad,
  frameBox: HTMLDivElement,
  options: McpAppOptions,
  policy: ReturnType<typeof createAppPolicy>,
  host: Parameters<typeof startApp>[4] & { fail(message: string): void },
): () => void {
  const { fail, ...dependencies } = host;
  const startTimer = setTimeout(() => {
    if (load.gone || load.ready) return;
    fail(`${options.serverName}'s app did not start within ${START_TIMEOUT_MS / 1000} s.`);
  }, START_TIMEOUT_MS);
  void startApp(load, frameBox, options, policy, dependencies).catch((reason: unknown) => {
    if (load.gone) return;
    clearTimeout(startTimer);
    load.frame?.remove();
    load.frame = undefined;
    fail(reason instanceof Error ? reason.message : String(reason));
  });
  return () => clearTimeout(startTimer);
}

/** What one load of an app works with: its card's refs, and what it tells the rest of the hook. */
interface AppLoadOptions {
  generation: number;
  boxRef: RefObject<HTMLDivElement | null>;
  latestRef: RefObject<McpAppOptions>;
  currentRef: RefObject<AppLoad | undefined>;
  tell(): void;
  environment(): HostEnvironment;
  display: ReturnType<typeof useAppDisplayMode>;
  setPrompts(update: AppPrompt[] | ((all: AppPrompt[]) => AppPrompt[])): void;
  setModelContext(context: string | undefined): void;
}

/**
 * One load of an MCP App (again when `generation` changes): its frame started with Patchbay's
 * policy, named when it fails or never says it is ready, and closed (questions declined, context
 * dropped, frame retired) when it asks to or its card goes. Gives its phase, error and height.
 */
export function useAppLoad({
  generation,
  boxRef,
  latestRef,
  currentRef,
  tell,
  environment,
  display,
  setPrompts,
  setModelContext,
}: AppLoadOptions) {
  const client = useClient();
  const [phase, setPhase] = useState<AppPhase>('loading');
  const [error, setError] = useState<string | undefined>();
  const [height, setHeight] = useState(INITIAL_HEIGHT);
  const { modeRef, changeDisplayMode, setCanFullscreen } = display;

  useLayoutEffect(() => {
    const frameBox = boxRef.current;
    if (!frameBox) return;
    const load = createAppLoad();
    currentRef.current = load;
    setPhase('loading');
    setError(undefined);
    setPrompts([]);
    setCanFullscreen(true);

    let stopWatch = () => undefined as void;
    const close = () => {
      stopWatch();
      endLoad(load, currentRef, latestRef.current, () => setPrompts([]));
    };

    const policy = createAppPolicy({
      load,
      client,
      options: () => latestRef.current,
      ask: (prompt) => askPerson(load, prompt, (shown) => setPrompts((all) => [...all, shown])),
      displayMode: () => modeRef.current,
      setDisplayMode: changeDisplayMode,
      showModelContext: setModelContext,
      setHeight,
      close() {
        close();
        setPhase('closed');
      },
      started() {
        stopWatch();
        load.ready = true;
        // An app that says which display modes it supports gets only those.
        const modes = load.bridge?.getAppCapabilities()?.availableDisplayModes;
        setCanFullscreen(!modes || modes.includes('fullscreen'));
        setPhase('running');
        tell();
      },
    });

    stopWatch = startWatched(load, frameBox, latestRef.current, policy, {
      client,
      displayMode: () => modeRef.current,
      environment,
      fail: (message) => {
        setError(message);
        setPhase('failed');
      },
    });

    return () => {
      if (!load.gone) close();
    };
  }, [
    generation,
    client,
    boxRef,
    latestRef,
    currentRef,
    environment,
    tell,
    changeDisplayMode,
    modeRef,
    setPrompts,
    setCanFullscreen,
    setModelContext,
  ]);

  return { phase, error, height };
}
