import { createRequire } from 'node:module';
import { buildSchema, graphql, GraphQLError } from 'graphql';
import { describe, expect, it } from 'vitest';
import { NO_ARGUMENTS, skipArgumentValuesForFieldsWithoutArguments } from './argument-values.js';

const schema = buildSchema(`
  input Range { from: Int! = 1, to: Int }
  type Query {
    plain: String
    greeting(name: String = "you", times: Int!): String
    range(range: Range!): String
  }
`);

/** Runs `source` through graphql-js, each resolver answering with the args it was given. */
async function argsSeen(source: string, variableValues?: Record<string, unknown>) {
  const seen: Record<string, unknown> = {};
  const record = (name: string) => (args: unknown) => {
    seen[name] = args;
    return name;
  };
  const rootValue = { plain: record('plain'), greeting: record('greeting'), range: record('range') };
  const result = await graphql({ schema, source, rootValue, variableValues });
  return { seen, errors: result.errors?.map((error: GraphQLError) => error.message) ?? [] };
}

describe('skipArgumentValuesForFieldsWithoutArguments', () => {
  const values = createRequire(import.meta.url)('graphql/execution/values.js') as { getArgumentValues: unknown };
  skipArgumentValuesForFieldsWithoutArguments();
  const installed = values.getArgumentValues;

  it('is installed once: a second call (another schema, another test file) does not wrap it again', () => {
    skipArgumentValuesForFieldsWithoutArguments();
    expect(values.getArgumentValues).toBe(installed);
  });

  it('gives a field without arguments the one shared, frozen, empty object, through graphql-js execution', async () => {
    const { seen } = await argsSeen('{ plain a: plain }');
    expect(seen.plain).toBe(NO_ARGUMENTS);
    expect(Object.isFrozen(NO_ARGUMENTS)).toBe(true);
    expect(Object.keys(NO_ARGUMENTS)).toEqual([]);
    expect(Object.getPrototypeOf(NO_ARGUMENTS)).toBeNull();
  });

  it('leaves fields with arguments to graphql-js: defaults, variables, input objects and errors as before', async () => {
    const literal = await argsSeen('{ greeting(times: 2) range(range: { to: 5 }) }');
    expect({ ...(literal.seen.greeting as object) }).toEqual({ name: 'you', times: 2 });
    expect({ ...(literal.seen.range as object) }).toEqual({ range: { from: 1, to: 5 } });

    const variables = await argsSeen('query ($n: Int!) { greeting(name: "Ada", times: $n) }', { n: 3 });
    expect({ ...(variables.seen.greeting as object) }).toEqual({ name: 'Ada', times: 3 });

    // Valid by the rules (the variable has a default), refused by getArgumentValues itself.
    const nulled = await argsSeen('query ($n: Int = 3) { greeting(times: $n) }', { n: null });
    expect(nulled.errors).toEqual(['Argument "times" of non-null type "Int!" must not be null.']);
  });
});
