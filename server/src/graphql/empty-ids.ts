import { GraphQLID, getNamedType, isInputObjectType, isListType, isNonNullType, isScalarType, type GraphQLInputType } from 'graphql';

/**
 * An empty string given for an ID names nothing, and a resolver that read "" as "not given"
 * would act on another argument instead (statsSeries once fell through to a missing one and
 * failed as a 500): every ID argument is refused empty before any resolver runs.
 */
export const EMPTY_ID_MESSAGE = 'An id must not be empty.';

/** Whether a value of this input type may hold an ID (one, a list of them, an input object holding one). */
export function mayCarryId(type: GraphQLInputType, seen = new Set<string>()): boolean {
  const named = getNamedType(type);
  if (isScalarType(named)) return named.name === GraphQLID.name;
  if (!isInputObjectType(named) || seen.has(named.name)) return false;
  seen.add(named.name);
  return Object.values(named.getFields()).some((field) => mayCarryId(field.type, seen));
}

function joinPath(parent: string, key: string | number): string {
  return parent === '' ? String(key) : `${parent}.${key}`;
}

/** The dotted path (`input.subject.postId`, `ids.1`) of the first empty ID in a coerced value of `type`, or null. */
export function findEmptyId(value: unknown, type: GraphQLInputType, path: string): string | null {
  if (value === null || value === undefined) return null;
  if (isNonNullType(type)) return findEmptyId(value, type.ofType, path);
  if (isListType(type)) {
    // Coercion makes every list value an array (a single item becomes a list of one).
    if (!Array.isArray(value)) return null;
    for (const [index, item] of value.entries()) {
      const found = findEmptyId(item, type.ofType, joinPath(path, index));
      if (found !== null) return found;
    }
    return null;
  }
  if (isScalarType(type)) return type.name === GraphQLID.name && value === '' ? path : null;
  if (!isInputObjectType(type) || typeof value !== 'object') return null;
  const fields = value as Record<string, unknown>;
  for (const field of Object.values(type.getFields())) {
    const found = findEmptyId(fields[field.name], field.type, joinPath(path, field.name));
    if (found !== null) return found;
  }
  return null;
}
