/** Exponential backoff settings, as the remote MCP integration spec's retry presets (remote-mcp-integration.md) define them. */
export interface RetryPolicy {
  maxRetries: number;
  initialDelay: number;
  maxDelay: number;
  backoffMultiplier: number;
}

export const RetryPresets = {
  Quick: { maxRetries: 2, initialDelay: 500, maxDelay: 2000, backoffMultiplier: 2 },
  Standard: { maxRetries: 3, initialDelay: 1000, maxDelay: 10000, backoffMultiplier: 2 },
} as const satisfies Record<string, RetryPolicy>;

/** The delay before retry number `attempt` (0-based), or undefined once retries are used up. */
export function retryDelay(policy: RetryPolicy, attempt: number): number | undefined {
  if (attempt >= policy.maxRetries) return undefined;
  return Math.min(policy.initialDelay * policy.backoffMultiplier ** attempt, policy.maxDelay);
}
