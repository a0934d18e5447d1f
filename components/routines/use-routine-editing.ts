import { useCallback, useState } from 'react';
import type { RoutineInput } from '../../src/routines/routine';

/**
 * Which routine the Routines tab edits, held by the panel's shell so "Make this a routine" in
 * a chat can open the editor prefilled. Each opening has its own key: the form starts afresh.
 */
export function useRoutineEditing() {
  const [editing, setEditing] = useState<{ initial: RoutineInput; key: number } | undefined>();
  const open = useCallback(
    (initial: RoutineInput) =>
      setEditing((previous) => ({ initial, key: (previous?.key ?? 0) + 1 })),
    [],
  );
  const close = useCallback(() => setEditing(undefined), []);
  return { editing, open, close };
}

export type RoutineEditing = ReturnType<typeof useRoutineEditing>;
