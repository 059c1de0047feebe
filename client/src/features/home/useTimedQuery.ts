import { useQuery } from '@apollo/client/react';
import type { DocumentNode, TypedDocumentNode } from '@apollo/client';

/**
 * A query that must not hold the page (the short limits of docs/product.md §Constants: featured
 * creators 1 s, testimonials 0.5 s): the call gives up after `timeoutMs` (the shell's call-timeout
 * link) and the caller leaves its section out. Nothing is retried: the rest of the page is what
 * matters.
 */
export function useTimedQuery<TData, TVariables extends Record<string, unknown>>(document: TypedDocumentNode<TData, TVariables> | DocumentNode, timeoutMs: number) {
  const { data, loading, error } = useQuery(document as TypedDocumentNode<TData, Record<string, never>>, { context: { timeoutMs }, fetchPolicy: 'cache-first' });
  return { data: error ? undefined : (data as TData | undefined), loading, failed: Boolean(error) };
}
