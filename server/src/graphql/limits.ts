import { ApolloArmor } from '@escape.tech/graphql-armor';
import type { ValidationRule } from 'graphql';

/**
 * Bounds on what one GraphQL operation may ask for, applied to HTTP and WebSocket alike.
 * Generous enough for the app and for introspection, tight enough that one request cannot
 * make the server walk the whole graph.
 */
export const GRAPHQL_LIMITS = {
  maxDepth: 12,
  maxCost: 8000,
  maxAliases: 15,
  maxDirectives: 50,
  /** Enforced by graphql-js' own parser (`parseOptions.maxTokens`), so an over-long query is a 400, not a 500. */
  maxTokens: 3000,
} as const;

export function createArmor() {
  return new ApolloArmor({
    maxDepth: { n: GRAPHQL_LIMITS.maxDepth, ignoreIntrospection: true },
    costLimit: { maxCost: GRAPHQL_LIMITS.maxCost, ignoreIntrospection: true },
    maxAliases: { n: GRAPHQL_LIMITS.maxAliases },
    maxDirectives: { n: GRAPHQL_LIMITS.maxDirectives },
    maxTokens: { enabled: false },
    blockFieldSuggestion: { enabled: true },
  }).protect();
}

export function armorValidationRules(): ValidationRule[] {
  return createArmor().validationRules;
}
