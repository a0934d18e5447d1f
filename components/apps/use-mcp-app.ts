import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { currentEnvironment } from '../../src/apps/host-context';
import { tellApp, type AppLoad } from './mcp-app-load';
import type { McpAppOptions } from './mcp-app-options';
import { useAppHostContext } from './use-app-host-context';
import { useAppDisplayMode } from './use-app-display-mode';
import { useAppPrompts } from './use-app-prompts';
import { useAppLoad } from './use-app-load';

export type { McpAppOptions } from './mcp-app-options';

/**
 * One MCP App in a tool card: reads its UI resource, runs it in the sandbox proxy's frame,
 * answers it through {@link createAppPolicy} with Patchbay's rules (its own server's tools,
 * under the person's approvals; links and messages only once the person agrees), tells it the
 * tool's input and result, and tears it down when its card goes. `generation` changes to load
 * it again (Reload app).
 */
export function useMcpApp(options: McpAppOptions, generation: number) {
  const display = useAppDisplayMode();
  const { displayMode, modeRef, changeDisplayMode } = display;
  const [modelContext, setModelContext] = useState<string | undefined>();
  const box = useRef<HTMLDivElement>(null);
  const latest = useRef(options);
  /** The app as loaded now; each load (Reload app) has its own. */
  const current = useRef<AppLoad | undefined>(undefined);
  const { prompts, setPrompts, answer } = useAppPrompts(current);
  useLayoutEffect(() => {
    latest.current = options;
  });

  const environment = useCallback(() => currentEnvironment(window, box.current), []);

  /** Sends the input, result or cancellation the app has not heard yet (input always first). */
  const tell = useCallback(() => tellApp(current.current, latest.current), []);
  useEffect(tell, [options.input, options.result, options.cancelled, tell]);

  const { phase, error, height } = useAppLoad({
    generation,
    boxRef: box,
    latestRef: latest,
    currentRef: current,
    tell,
    environment,
    display,
    setPrompts,
    setModelContext,
  });

  useAppHostContext({ box, current, latest, mode: modeRef }, displayMode, environment);

  return {
    box,
    phase,
    error,
    height,
    displayMode,
    canFullscreen: display.canFullscreen,
    prompts,
    modelContext,
    answer,
    setDisplayMode: changeDisplayMode,
  };
}
