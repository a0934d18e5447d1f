import type { ServerResults, ServerView, ToolView } from '../../src/messaging/contract';
import type { ServerDetailsHandlers } from './ServerDetails';

/** What a server's card shows and where its actions go (use-server-actions.ts makes them). */
export interface ServerCardProps {
  server: ServerView;
  tools: { tools: ToolView[]; disabled: string[] } | undefined;
  busy: boolean;
  onToggle(enabled: boolean): void;
  onRetry(): void;
  onSignIn(): void;
  /** Asks Chrome for the sites the status names, then connects or signs in. */
  onAllowAccess(): void;
  onSignOut(): void;
  onRemove?: () => void;
  readOnlyWithoutAsking: boolean;
  /** Opens the Edit form; `header`: with that header's value field focused. */
  onEdit?: (header?: string) => void;
  /** Sync is on: a sign-in asked for says it stays in the browser it was given in. */
  syncOn?: boolean;
  onHealthCheck(): void;
  /** The connection doctor's last report (Check), or that it runs now. */
  health?: ServerResults['health/check'] | 'checking';
  onDisabledToolsChange(names: string[]): void;
  onReadOnlyWithoutAskingChange(value: boolean): void;
  /**
   * What a connected server offers besides tools (instructions, sampling, resources, prompts)
   * and the callbacks that load it. Without it the card shows tools only.
   */
  details?: ServerDetailsHandlers;
}
