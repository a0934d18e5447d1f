import { useState } from 'react';
import { AppSnapshot, AppView } from './AppView';
import { useMcpApp, type McpAppOptions } from './use-mcp-app';

export interface ToolAppProps extends McpAppOptions {
  /** Restored from history: shown as a snapshot until the person reloads it. */
  restored: boolean;
}

/** A tool card's MCP App: live, or a snapshot of a saved chat with "Reload app". */
export function ToolApp({ restored, ...options }: ToolAppProps) {
  const [live, setLive] = useState(!restored);
  const [generation, setGeneration] = useState(0);
  const appName = options.tool.title ?? options.tool.name;
  if (!live) return <AppSnapshot appName={appName} onReload={() => setLive(true)} />;
  return (
    <LiveApp
      options={options}
      appName={appName}
      generation={generation}
      onReload={() => setGeneration((current) => current + 1)}
    />
  );
}

function LiveApp(props: {
  options: McpAppOptions;
  appName: string;
  generation: number;
  onReload(): void;
}) {
  const app = useMcpApp(props.options, props.generation);
  return (
    <AppView
      appName={props.appName}
      serverName={props.options.serverName}
      phase={app.phase}
      {...(app.error ? { error: app.error } : {})}
      height={app.height}
      fullscreen={app.displayMode === 'fullscreen'}
      canFullscreen={app.canFullscreen}
      prompts={app.prompts}
      {...(app.modelContext ? { modelContext: app.modelContext } : {})}
      box={app.box}
      onAnswer={app.answer}
      onFullscreen={(on) => app.setDisplayMode(on ? 'fullscreen' : 'inline')}
      onReload={props.onReload}
    />
  );
}
