import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { McpUiDisplayMode } from '../../src/apps/app-bridge-host';
import type { AppPhase, AppPrompt, AppPromptAnswer } from '../../src/apps/app-prompt';
import { currentEnvironment } from '../../src/apps/host-context';
import {
  askPerson,
  createAppLoad,
  declineAll,
  retireAppFrame,
  tellApp,
  type AppLoad,
} from './mcp-app-load';
import type { McpAppOptions } from './mcp-app-options';
import { createAppPolicy } from './mcp-app-policy';
import { startApp } from './mcp-app-start';
import { useAppHostContext } from './use-app-host-context';
import { useClient } from '../shared/client-context';

export type { McpAppOptions } from './mcp-app-options';

const INITIAL_HEIGHT = 160;

/** How long an app may take to load and say it is ready. */
const START_TIMEOUT_MS = 20_000;

/**
 * One MCP App in a tool card: reads its UI resource, runs it in the sandbox proxy's frame,
 * answers it through {@link createAppPolicy} with Patchbay's rules (its own server's tools,
 * under the person's approvals; links and messages only once the person agrees), tells it the
 * tool's input and result, and tears it down when its card goes. `generation` changes to load
 * it again (Reload app).
 */
export function useMcpApp(options: McpAppOptions, generation: number) {
  const client = useClient();
  const [phase, setPhase] = useState<AppPhase>('loading');
  const [error, setError] = useState<string | undefined>();
  const [height, setHeight] = useState(INITIAL_HEIGHT);
  const [displayMode, setDisplayMode] = useState<McpUiDisplayMode>('inline');
  const [canFullscreen, setCanFullscreen] = useState(true);
  const [prompts, setPrompts] = useState<AppPrompt[]>([]);
  const [modelContext, setModelContext] = useState<string | undefined>();
  const box = useRef<HTMLDivElement>(null);
  const latest = useRef(options);
  /** The app as loaded now; each load (Reload app) has its own. */
  const current = useRef<AppLoad | undefined>(undefined);
  const modeRef = useRef<McpUiDisplayMode>('inline');
  useLayoutEffect(() => {
    latest.current = options;
  });

  const environment = useCallback(() => currentEnvironment(window, box.current), []);

  /** Sends the input, result or cancellation the app has not heard yet (input always first). */
  const tell = useCallback(() => tellApp(current.current, latest.current), []);
  useEffect(tell, [options.input, options.result, options.cancelled, tell]);

  const changeDisplayMode = useCallback((mode: McpUiDisplayMode) => {
    modeRef.current = mode;
    setDisplayMode(mode);
  }, []);

  useLayoutEffect(() => {
    const frameBox = box.current;
    if (!frameBox) return;
    const load = createAppLoad();
    current.current = load;
    setPhase('loading');
    setError(undefined);
    setPrompts([]);
    setCanFullscreen(true);

    /** Ends this load: questions are declined, context dropped, the frame retired. */
    const close = () => {
      load.gone = true;
      clearTimeout(startTimer);
      declineAll(load);
      if (current.current === load) {
        current.current = undefined;
        setPrompts([]);
      }
      latest.current.setModelContext(latest.current.callId, undefined);
      retireAppFrame(load);
    };

    const policy = createAppPolicy({
      load,
      client,
      options: () => latest.current,
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
        clearTimeout(startTimer);
        load.ready = true;
        // An app that says which display modes it supports gets only those.
        const modes = load.bridge?.getAppCapabilities()?.availableDisplayModes;
        setCanFullscreen(!modes || modes.includes('fullscreen'));
        setPhase('running');
        tell();
      },
    });

    const { serverName } = latest.current;
    // An app that never says it is ready (broken markup, a script its policy blocks) is named.
    const startTimer = setTimeout(() => {
      if (load.gone || load.ready) return;
      setError(`${serverName}'s app did not start within ${START_TIMEOUT_MS / 1000} s.`);
      setPhase('failed');
    }, START_TIMEOUT_MS);
    void startApp(load, frameBox, latest.current, policy, {
      client,
      displayMode: () => modeRef.current,
      environment,
    }).catch((reason: unknown) => {
      if (load.gone) return;
      clearTimeout(startTimer);
      load.frame?.remove();
      load.frame = undefined;
      setError(reason instanceof Error ? reason.message : String(reason));
      setPhase('failed');
    });

    return () => {
      if (!load.gone) close();
    };
  }, [generation, client, environment, tell, changeDisplayMode]);

  useAppHostContext({ box, current, latest, mode: modeRef }, displayMode, environment);

  const answer = useCallback((id: string, value: AppPromptAnswer) => {
    const answers = current.current?.answers;
    const resolve = answers?.get(id);
    answers?.delete(id);
    setPrompts((current) => current.filter((prompt) => prompt.id !== id));
    resolve?.(value);
  }, []);

  return {
    box,
    phase,
    error,
    height,
    displayMode,
    canFullscreen,
    prompts,
    modelContext,
    answer,
    setDisplayMode: changeDisplayMode,
  };
}
