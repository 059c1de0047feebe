import { useCallback, useState } from 'react';

/**
 * A set of ids the person ticks and unticks (roles in the credit dialogs): the set, a toggle for
 * one id, and the setter for changes of several at once.
 */
export function useToggleSet<T>(): [ReadonlySet<T>, (id: T) => void, (update: (current: ReadonlySet<T>) => ReadonlySet<T>) => void] {
  const [ids, setIds] = useState<ReadonlySet<T>>(() => new Set());
  const toggle = useCallback(
    (id: T) =>
      setIds((current) => {
        const next = new Set(current);
        if (next.has(id)) next.delete(id);
        else next.add(id);
        return next;
      }),
    [],
  );
  return [ids, toggle, setIds];
}
