import { createRequire } from 'node:module';
import type { FieldNode } from 'graphql';

/**
 * graphql-js skips its argument coercion for fields that take no arguments.
 *
 * Why: graphql-js's `getArgumentValues` runs for every field it resolves, arguments or not, and
 * builds two `Object.create(null)` dictionaries each time (the coerced values and a map of the
 * field's argument nodes). V8 keeps such objects in dictionary mode, each with its own hash
 * table: on the feed and /explore that was 28% of every byte the server allocated (sampling heap
 * profile, docs/perf/history.md "Tenth round"), garbage the GC then has to collect and, under load,
 * promote. A field without arguments always ends with an empty result, so it gets one shared,
 * frozen, empty null-prototype object instead; a field with arguments goes through graphql-js as
 * before, defaults, variables and errors included.
 *
 * How: graphql 16's CommonJS `execute.js` and `subscribe.js` read `getArgumentValues` off the
 * `values.js` exports object at every call, so replacing it there reaches both; the test checks
 * that an execution through `graphql` gets the shared object, so a graphql-js that stops reading
 * it that way fails the test instead of silently losing the gain.
 */

type GetArgumentValues = (def: { args: readonly unknown[] }, node: FieldNode, variableValues?: unknown) => Record<string, unknown>;

const require = createRequire(import.meta.url);
const values = require('graphql/execution/values.js') as { getArgumentValues: GetArgumentValues };

/** What every field without arguments receives as its `args`. */
export const NO_ARGUMENTS: Readonly<Record<string, unknown>> = Object.freeze(Object.create(null) as Record<string, unknown>);

// On the function itself, not in a module variable: test files load this module afresh, graphql once.
const INSTALLED = Symbol.for('byline.graphql.noArgumentValuesForArgumentlessFields');

export function skipArgumentValuesForFieldsWithoutArguments(): void {
  const current = values.getArgumentValues as GetArgumentValues & { [INSTALLED]?: true };
  if (current[INSTALLED]) return;
  const skipping: GetArgumentValues & { [INSTALLED]?: true } = (def, node, variableValues) => (def.args.length === 0 ? NO_ARGUMENTS : current(def, node, variableValues));
  skipping[INSTALLED] = true;
  values.getArgumentValues = skipping;
}
