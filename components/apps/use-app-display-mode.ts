import { useCallback, useRef, useState } from 'react';
import type { McpUiDisplayMode } from '../../src/apps/app-bridge-host';

/**
 * An app's display mode (inline or fullscreen), also as a ref for the bridge that asks between
 * renders, and whether the app offers fullscreen at all.
 */
export function useAppDisplayMode() {
  const [displayMode, setDisplayMode] = useState<McpUiDisplayMode>('inline');
  const [canFullscreen, setCanFullscreen] = useState(true);
  const modeRef = useRef<McpUiDisplayMode>('inline');
  const changeDisplayMode = useCallback((mode: McpUiDisplayMode) => {
    modeRef.current = mode;
    setDisplayMode(mode);
  }, []);
  return { displayMode, modeRef, changeDisplayMode, canFullscreen, setCanFullscreen };
}
