import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSchema, Kind, parse, specifiedRules, validate, visit, type DefinitionNode, type FragmentDefinitionNode, type OperationDefinitionNode } from 'graphql';
import { describe, expect, it } from 'vitest';
import { armorValidationRules } from './limits.js';

const root = fileURLToPath(new URL('../../../', import.meta.url));

function graphqlFiles(folder: string): string[] {
  return readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.graphql'))
    .map((file) => path.join(folder, file));
}

function fragmentsUsedBy(definition: DefinitionNode, fragments: ReadonlyMap<string, FragmentDefinitionNode>, seen = new Set<string>()): Set<string> {
  visit(definition, {
    FragmentSpread(spread) {
      const name = spread.name.value;
      if (seen.has(name)) return;
      seen.add(name);
      const fragment = fragments.get(name);
      if (fragment) fragmentsUsedBy(fragment, fragments, seen);
    },
  });
  return seen;
}

/**
 * Every operation the web app sends, as it sends it (with the fragments it spreads), passes the
 * server's own limits on depth, cost and aliases: a page whose query is refused would show
 * nothing, and only a browser test of that very page would notice.
 */
describe('the web app’s operations', () => {
  const schema = buildSchema(readFileSync(path.join(root, 'schema/schema.graphql'), 'utf8'));
  const definitions = graphqlFiles(path.join(root, 'client/src')).flatMap((file) => parse(readFileSync(file, 'utf8')).definitions);
  const fragments = new Map(definitions.filter((definition): definition is FragmentDefinitionNode => definition.kind === Kind.FRAGMENT_DEFINITION).map((fragment) => [fragment.name.value, fragment]));
  const operations = definitions.filter((definition): definition is OperationDefinitionNode => definition.kind === Kind.OPERATION_DEFINITION);

  it('are found', () => {
    expect(operations.length).toBeGreaterThan(50);
  });

  it('each pass the schema and the server’s depth, cost and alias limits', () => {
    const refused: string[] = [];
    for (const operation of operations) {
      const used = [...fragmentsUsedBy(operation, fragments)].map((name) => fragments.get(name)!);
      const errors = validate(schema, { kind: Kind.DOCUMENT, definitions: [operation, ...used] }, [...specifiedRules, ...armorValidationRules()]);
      for (const error of errors) refused.push(`${operation.name?.value ?? 'anonymous'}: ${error.message}`);
    }
    expect(refused).toEqual([]);
  });
});
