/** What an MCP App asks that waits for the person, and how far along the app is. */
export type AppPrompt =
  | { id: string; kind: 'tool'; toolName: string; args: Record<string, unknown>; changed: string[] }
  | { id: string; kind: 'link'; url: string }
  | { id: string; kind: 'message'; text: string };

export type AppPromptAnswer = 'allow' | 'always' | 'deny';

export type AppPhase = 'loading' | 'running' | 'failed' | 'closed';

/** A prompt before it has an id (`Omit` over each kind of the union). */
export type AppPromptRequest = AppPrompt extends infer Kind
  ? Kind extends AppPrompt
    ? Omit<Kind, 'id'>
    : never
  : never;
