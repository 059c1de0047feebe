import {
  introspectionFromSchema,
  type IntrospectionField,
  type IntrospectionInputValue,
  type IntrospectionObjectType,
  type IntrospectionInterfaceType,
  type IntrospectionType,
  type IntrospectionTypeRef,
} from 'graphql';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildAppSchema } from '../registry.js';

/**
 * The public API's conventions (schema/CHANGELOG.md), checked over the whole schema by
 * introspection so a new module cannot drift from them unnoticed.
 */
let types: readonly IntrospectionType[] = [];

beforeAll(async () => {
  const schema = await buildAppSchema({ publish: () => undefined, subscribe: () => (async function* () {})() });
  types = introspectionFromSchema(schema).__schema.types.filter((type) => !type.name.startsWith('__'));
});

type Composite = IntrospectionObjectType | IntrospectionInterfaceType;
const composites = (): Composite[] => types.filter((type): type is Composite => type.kind === 'OBJECT' || type.kind === 'INTERFACE');
const typeNamed = (name: string): IntrospectionType | undefined => types.find((type) => type.name === name);

/** The named type under any NON_NULL and LIST wrappers, and whether a list was among them. */
function unwrap(ref: IntrospectionTypeRef): { name: string; isList: boolean } {
  let current = ref;
  let isList = false;
  while (current.kind === 'NON_NULL' || current.kind === 'LIST') {
    if (current.kind === 'LIST') isList = true;
    current = current.ofType;
  }
  return { name: current.name, isList };
}

function isNodeType(name: string): boolean {
  const type = typeNamed(name);
  if (name === 'Node') return true;
  return type?.kind === 'OBJECT' && type.interfaces.some((iface) => iface.name === 'Node');
}

/** `Post.credits`, `Query.search(text)`: where a violation is, for the failure message. */
const where = (type: Composite, field: IntrospectionField, arg?: IntrospectionInputValue) => `${type.name}.${field.name}${arg ? `(${arg.name})` : ''}`;

describe('public API conventions', () => {
  it('gives every connection edges { cursor node }, nodes and pageInfo', () => {
    const connections = composites().filter((type) => type.name.endsWith('Connection'));
    expect(connections.length).toBeGreaterThan(0);
    const problems: string[] = [];
    for (const connection of connections) {
      const field = (name: string) => connection.fields.find((candidate) => candidate.name === name);
      const edges = field('edges');
      if (!edges || !field('nodes') || !field('pageInfo') || unwrap(field('pageInfo')!.type).name !== 'PageInfo') {
        problems.push(`${connection.name} lacks edges, nodes or pageInfo`);
        continue;
      }
      const edge = typeNamed(unwrap(edges.type).name) as IntrospectionObjectType;
      const edgeFields = edge.fields.map((edgeField) => edgeField.name);
      if (!edgeFields.includes('cursor') || !edgeFields.includes('node')) problems.push(`${edge.name} lacks cursor or node`);
    }
    const pageInfo = typeNamed('PageInfo') as IntrospectionObjectType;
    expect(pageInfo.fields.map((field) => field.name).sort()).toEqual(['endCursor', 'hasNextPage', 'hasPreviousPage', 'startCursor']);
    expect(problems).toEqual([]);
  });

  it('pages every connection field with first/after', () => {
    const problems = composites().flatMap((type) =>
      type.fields
        .filter((field) => unwrap(field.type).name.endsWith('Connection'))
        .filter((field) => !['first', 'after'].every((name) => field.args.some((arg) => arg.name === name)))
        .map((field) => where(type, field)),
    );
    expect(problems).toEqual([]);
  });

  it('returns lists of nodes only as connections, unless the description states the bound', () => {
    const problems = composites()
      .filter((type) => !type.name.endsWith('Connection'))
      .flatMap((type) =>
        type.fields
          .filter((field) => unwrap(field.type).isList && isNodeType(unwrap(field.type).name))
          .filter((field) => !/\bat most \d+\b|\bfixed set\b/i.test(field.description ?? ''))
          .map((field) => where(type, field)),
      );
    expect(problems).toEqual([]);
  });

  it('gives every object with an id a global one through Node', () => {
    const problems = composites()
      .filter((type) => type.kind === 'OBJECT' && type.fields.some((field) => field.name === 'id'))
      .filter((type) => !isNodeType(type.name))
      .map((type) => type.name);
    expect(problems).toEqual([]);
  });

  it('types closed sets as enums, not strings', () => {
    const closedSetName = /(status|kind|type|role|plan|provider|outcome)$/i;
    const isString = (ref: IntrospectionTypeRef) => unwrap(ref).name === 'String';
    const fieldProblems = composites().flatMap((type) => [
      ...type.fields.filter((field) => closedSetName.test(field.name) && isString(field.type)).map((field) => where(type, field)),
      ...type.fields.flatMap((field) => field.args.filter((arg) => closedSetName.test(arg.name) && isString(arg.type)).map((arg) => where(type, field, arg))),
    ]);
    const inputProblems = types
      .filter((type) => type.kind === 'INPUT_OBJECT')
      .flatMap((type) => type.inputFields.filter((field) => closedSetName.test(field.name) && isString(field.type)).map((field) => `${type.name}.${field.name}`));
    expect([...fieldProblems, ...inputProblems]).toEqual([]);
  });

  it('spells enum values in SCREAMING_SNAKE_CASE', () => {
    const problems = types
      .filter((type) => type.kind === 'ENUM')
      .flatMap((type) => type.enumValues.filter((value) => !/^[A-Z][A-Z0-9_]*$/.test(value.name)).map((value) => `${type.name}.${value.name}`));
    expect(problems).toEqual([]);
  });

  it('carries counts that can pass 2^31 as SafeInt', () => {
    const bigCounts = /^(views|likes|comments|shares|followers|following|plays|saves)$/;
    const problems = composites().flatMap((type) =>
      type.fields.filter((field) => bigCounts.test(field.name) && unwrap(field.type).name !== 'SafeInt').map((field) => where(type, field)),
    );
    expect(problems).toEqual([]);
  });

  it('gives every mutation one input argument and a Payload named after it', () => {
    const mutation = typeNamed('Mutation') as IntrospectionObjectType;
    const problems = mutation.fields
      .filter((field) => {
        const capitalised = field.name[0]!.toUpperCase() + field.name.slice(1);
        const [arg, ...rest] = field.args;
        const inputOk = arg !== undefined && rest.length === 0 && arg.name === 'input' && arg.type.kind === 'NON_NULL' && unwrap(arg.type).name === `${capitalised}Input`;
        return !inputOk || unwrap(field.type).name !== `${capitalised}Payload` || field.type.kind !== 'NON_NULL';
      })
      .map((field) => field.name);
    expect(problems).toEqual([]);
  });

  it('describes the product, not the spec document or an old client’s calls', () => {
    // "spec 5.3", "(spec section 8)": our spec's words; "section 5.6 of the RFC" and "the ECMAScript specification" are fine.
    const forbidden = [/\bspec\b/i, /\bsections? \d+(?:\.\d+)*(?![\d.])(?! of\b)/i, /§/, /\b(getTopSearch|getPostByUrl|createPostByUrl|getCreatorSearchCriteria|getPostSearchCriteria|getNotificationsStatus|createStripePortal)\b/];
    const descriptions: Array<[string, string | null | undefined]> = types.flatMap((type) => {
      const own: Array<[string, string | null | undefined]> = [[type.name, type.description]];
      if (type.kind === 'OBJECT' || type.kind === 'INTERFACE') {
        for (const field of type.fields) {
          own.push([`${type.name}.${field.name}`, field.description], [`${type.name}.${field.name}@deprecated`, field.deprecationReason]);
          for (const arg of field.args) own.push([`${type.name}.${field.name}(${arg.name})`, arg.description]);
        }
      }
      if (type.kind === 'INPUT_OBJECT') for (const field of type.inputFields) own.push([`${type.name}.${field.name}`, field.description]);
      if (type.kind === 'ENUM') for (const value of type.enumValues) own.push([`${type.name}.${value.name}`, value.description]);
      return own;
    });
    const problems = descriptions.filter(([, text]) => text && forbidden.some((pattern) => pattern.test(text))).map(([name, text]) => `${name}: ${text}`);
    expect(problems).toEqual([]);
  });
});
