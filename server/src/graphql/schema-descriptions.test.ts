import { introspectionFromSchema, type IntrospectionType } from 'graphql';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildAppSchema } from '../registry.js';

/**
 * Integrators read the schema, not the code: every element of the public API carries a
 * description (what it is, who may see it, what null means), as the product's API promises.
 * Built-in scalars and introspection types are the GraphQL spec's own and documented there.
 */
const BUILT_IN_SCALARS = new Set(['String', 'Int', 'Float', 'Boolean', 'ID']);

let types: readonly IntrospectionType[] = [];

beforeAll(async () => {
  const schema = await buildAppSchema({ publish: () => undefined, subscribe: () => (async function* () {})() });
  types = introspectionFromSchema(schema).__schema.types.filter((type) => !type.name.startsWith('__') && !BUILT_IN_SCALARS.has(type.name));
});

const undocumented = (description: string | null | undefined): boolean => !description?.trim();

/** Each element without a description, by coordinate: `Post`, `Post.title`, `Mutation.addCredit(input)`, `Role.ADMIN`. */
function undocumentedCoordinates(all: readonly IntrospectionType[]): string[] {
  const missing: string[] = [];
  for (const type of all) {
    if (undocumented(type.description)) missing.push(type.name);
    if (type.kind === 'OBJECT' || type.kind === 'INTERFACE') {
      for (const field of type.fields) {
        if (undocumented(field.description)) missing.push(`${type.name}.${field.name}`);
        for (const arg of field.args) if (undocumented(arg.description)) missing.push(`${type.name}.${field.name}(${arg.name})`);
      }
    } else if (type.kind === 'INPUT_OBJECT') {
      for (const field of type.inputFields) if (undocumented(field.description)) missing.push(`${type.name}.${field.name}`);
    } else if (type.kind === 'ENUM') {
      for (const value of type.enumValues) if (undocumented(value.description)) missing.push(`${type.name}.${value.name}`);
    }
  }
  return missing;
}

describe('schema descriptions', () => {
  it('walks a schema with types, fields, arguments, input fields and enum values', () => {
    const kinds = new Set(types.map((type) => type.kind));
    for (const kind of ['OBJECT', 'INPUT_OBJECT', 'ENUM', 'SCALAR', 'INTERFACE']) expect(kinds).toContain(kind);
  });

  it('describes every type, field, argument, input field and enum value', () => {
    expect(undocumentedCoordinates(types)).toEqual([]);
  });
});
