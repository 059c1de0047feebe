/**
 * A value-or-error return type. Parsers in `domain/` return this instead of throwing so
 * that callers (a resolver, a search box) must look at the failure before using the value.
 */
export type Result<T, E> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: E };

export function ok<T>(value: T): { readonly ok: true; readonly value: T } {
  return { ok: true, value };
}

export function err<E>(error: E): { readonly ok: false; readonly error: E } {
  return { ok: false, error };
}
