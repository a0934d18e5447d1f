import { useCallback, useState, type RefObject } from 'react';
import type { AppPrompt, AppPromptAnswer } from '../../src/apps/app-prompt';
import type { AppLoad } from './mcp-app-load';

/** What an app asks the person (open a link, send a message), shown until answered. */
export function useAppPrompts(current: RefObject<AppLoad | undefined>) {
  const [prompts, setPrompts] = useState<AppPrompt[]>([]);
  const answer = useCallback(
    (id: string, value: AppPromptAnswer) => {
      const answers = current.current?.answers;
      const resolve = answers?.get(id);
      answers?.delete(id);
      setPrompts((shown) => shown.filter((prompt) => prompt.id !== id));
      resolve?.(value);
    },
    [current],
  );
  return { prompts, setPrompts, answer };
}
