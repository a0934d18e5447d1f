/**
 * One badge for several things that wait for the person (servers' questions, external clients'
 * calls): each reports its own count through its own {@link Attention}, and the badge shows the
 * sum.
 */
import type { Attention } from './ports';

export function shareAttention(attention: Attention): () => Attention {
  const counts: number[] = [];
  return () => {
    const index = counts.push(0) - 1;
    return {
      showWaiting(count) {
        counts[index] = count;
        attention.showWaiting(counts.reduce((sum, each) => sum + each, 0));
      },
    };
  };
}
