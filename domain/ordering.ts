/**
 * The order of a hand-arranged list after moving one item: `afterId` null puts it first. Pure, so
 * the server's renumbering and the client's optimistic order agree (a project's concepts board,
 * a profile's pinned posts). Returns null when `afterId` is not in the list (or is the item itself).
 */
export function moveAfter<T>(ids: readonly T[], movedId: T, afterId: T | null): T[] | null {
  if (afterId === movedId) return null;
  const rest = ids.filter((id) => id !== movedId);
  if (afterId === null) return [movedId, ...rest];
  const at = rest.indexOf(afterId);
  if (at < 0) return null;
  return [...rest.slice(0, at + 1), movedId, ...rest.slice(at + 1)];
}

/** Where an item dropped on `targetId` goes: after the target when moving down the list, before it when moving up. */
export function afterIdForDrop<T>(ids: readonly T[], draggedId: T, targetId: T): T | null {
  const from = ids.indexOf(draggedId);
  const to = ids.indexOf(targetId);
  if (from < to) return targetId;
  const rest = ids.filter((id) => id !== draggedId);
  const at = rest.indexOf(targetId);
  return at <= 0 ? null : (rest[at - 1] ?? null);
}

/** The `afterId` that moves an item one place earlier or later, or undefined at that end of the list. */
export function afterIdForStep<T>(ids: readonly T[], movedId: T, direction: 'earlier' | 'later'): T | null | undefined {
  const index = ids.indexOf(movedId);
  if (index < 0) return undefined;
  if (direction === 'earlier') return index === 0 ? undefined : index >= 2 ? ids[index - 2]! : null;
  return index < ids.length - 1 ? ids[index + 1]! : undefined;
}
