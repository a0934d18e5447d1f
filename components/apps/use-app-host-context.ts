import { useEffect, type RefObject } from 'react';
import type { McpUiDisplayMode } from '../../src/apps/app-bridge-host';
import { hostContextFor, type HostEnvironment } from '../../src/apps/host-context';
import type { AppLoad } from './mcp-app-load';
import type { McpAppOptions } from './mcp-app-options';

/**
 * Tells a ready app when the panel's theme, its box's size or its display mode change (the
 * bridge sends only the fields that changed).
 */
export function useAppHostContext(
  refs: {
    box: RefObject<HTMLDivElement | null>;
    current: RefObject<AppLoad | undefined>;
    latest: RefObject<McpAppOptions>;
    mode: RefObject<McpUiDisplayMode>;
  },
  displayMode: McpUiDisplayMode,
  environment: () => HostEnvironment,
): void {
  const { box, current, latest, mode } = refs;
  useEffect(() => {
    const frameBox = box.current;
    if (!frameBox) return;
    const update = () => {
      const load = current.current;
      if (!load?.bridge || !load.ready || load.gone) return;
      // The bridge sends the app only the fields that changed (none when the box merely grew).
      load.bridge.setHostContext(hostContextFor(latest.current.tool, mode.current, environment()));
    };
    update();
    const observer = new ResizeObserver(update);
    observer.observe(frameBox);
    const scheme = window.matchMedia('(prefers-color-scheme: dark)');
    scheme.addEventListener('change', update);
    return () => {
      observer.disconnect();
      scheme.removeEventListener('change', update);
    };
  }, [box, current, latest, mode, displayMode, environment]);
}
