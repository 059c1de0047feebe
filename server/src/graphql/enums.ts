import { registerEnumType } from 'type-graphql';

/** `pro_only` → `PRO_ONLY`, `tagValues` → `TAG_VALUES`: the GraphQL spelling of a stored value. */
export function screamingSnakeCase(value: string): string {
  return value
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/[^A-Za-z0-9]+/g, '_')
    .toUpperCase();
}

/**
 * A closed set as a GraphQL enum whose values are SCREAMING_SNAKE_CASE while the code and the
 * database keep their own values (`'pro_only'`, `1`): graphql-js maps between the two, so
 * resolvers return stored values and arguments arrive as stored values.
 */
export function closedSetEnum<V extends string | number>(
  name: string,
  values: Readonly<Record<string, V>>,
  description: string,
  valueDescriptions: Partial<Record<string, string>> = {},
): Readonly<Record<string, V>> {
  registerEnumType(values, {
    name,
    description,
    valuesConfig: Object.fromEntries(Object.entries(valueDescriptions).map(([key, text]) => [key, { description: text }])),
  });
  return values;
}

/** The enum object for a list of stored strings, keyed by their SCREAMING_SNAKE_CASE names. */
export function screamingKeys<V extends string>(values: readonly V[]): Readonly<Record<string, V>> {
  return Object.fromEntries(values.map((value) => [screamingSnakeCase(value), value]));
}
