import {
  getNamedType,
  isAbstractType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isObjectType,
  isInterfaceType,
  isCompositeType,
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLInputField,
  type GraphQLInputObjectType,
  type GraphQLInputType,
  type GraphQLNamedType,
  type GraphQLObjectType,
  type GraphQLInterfaceType,
  type GraphQLSchema,
} from 'graphql';

/**
 * Builds, from an introspected schema, one operation per field argument anywhere in the graph
 * (root fields and fields of nested types, reached by the shortest path from the root), with
 * that argument in a variable `$v` and every other required argument given a harmless value.
 * New fields and arguments are covered as soon as they are in the schema.
 */

export interface ArgumentTarget {
  /** `Query.user(username:)`, for messages. */
  label: string;
  operation: 'query' | 'mutation';
  /** The document, taking the argument as `$v`. */
  document: string;
  argument: GraphQLArgument;
  /** The name of the field's own (named) type: what `Query.post(id:)` answers is a `Post`. */
  fieldType: string;
}

/** One hop on the way to a nested field: the field (with harmless arguments) and, into an abstract type, a fragment. */
interface Step {
  field: GraphQLField<unknown, unknown>;
  on: string | null;
}

type FieldOwner = GraphQLObjectType | GraphQLInterfaceType;

/** A literal a resolver will accept, or at least one that is the right type. */
export function harmlessLiteral(type: GraphQLInputType): string {
  if (isNonNullType(type)) return harmlessLiteral(type.ofType);
  if (isListType(type)) return `[${harmlessLiteral(type.ofType)}]`;
  if (isEnumType(type)) return type.getValues()[0]?.name ?? 'null';
  if (isInputObjectType(type)) return `{ ${requiredFields(type).map((field) => `${field.name}: ${harmlessLiteral(field.type)}`).join(', ')} }`;
  switch (type.name) {
    case 'Int':
    case 'Float':
    case 'SafeInt':
      return '1';
    case 'Boolean':
      return 'false';
    case 'ID':
      return '"1"';
    case 'DateTimeISO':
    case 'DateTime':
      return '"2026-01-01T00:00:00.000Z"';
    default:
      return '"x"';
  }
}

function argumentList(field: GraphQLField<unknown, unknown>, target: GraphQLArgument | null): string {
  const parts = field.args
    .filter((arg) => arg === target || (isNonNullType(arg.type) && arg.defaultValue === undefined))
    .map((arg) => `${arg.name}: ${arg === target ? '$v' : harmlessLiteral(arg.type)}`);
  return parts.length > 0 ? `(${parts.join(', ')})` : '';
}

function selectionOf(type: GraphQLNamedType): string {
  return isCompositeType(type) ? ' { __typename }' : '';
}

/** Wraps `inner` in the selections of `path`, innermost last. */
function wrap(path: Step[], inner: string): string {
  return path.reduceRight((selection, step) => {
    const body = step.on ? `... on ${step.on} { ${selection} }` : selection;
    return `${step.field.name}${argumentList(step.field, null)} { ${body} }`;
  }, inner);
}

/** The shortest way from `root` to every object and interface type below it. */
function pathsFrom(schema: GraphQLSchema, root: GraphQLObjectType): Map<string, Step[]> {
  const paths = new Map<string, Step[]>([[root.name, []]]);
  const queue: FieldOwner[] = [root];
  for (let owner = queue.shift(); owner !== undefined; owner = queue.shift()) {
    const here = paths.get(owner.name) ?? [];
    for (const field of Object.values(owner.getFields())) {
      const named = getNamedType(field.type);
      const next: Array<{ type: FieldOwner; on: string | null }> = [];
      if (isObjectType(named) || isInterfaceType(named)) next.push({ type: named, on: null });
      if (isAbstractType(named)) for (const possible of schema.getPossibleTypes(named)) next.push({ type: possible, on: possible.name });
      for (const { type, on } of next) {
        if (paths.has(type.name)) continue;
        paths.set(type.name, [...here, { field, on }]);
        queue.push(type);
      }
    }
  }
  return paths;
}

export function argumentTargets(schema: GraphQLSchema): ArgumentTarget[] {
  const targets: ArgumentTarget[] = [];
  const roots: Array<{ root: GraphQLObjectType | null | undefined; operation: 'query' | 'mutation' }> = [
    { root: schema.getQueryType(), operation: 'query' },
    // Below a mutation only its own arguments: nested fields are reached through queries.
    { root: schema.getMutationType(), operation: 'mutation' },
  ];
  for (const { root, operation } of roots) {
    if (!root) continue;
    const owners = operation === 'query' ? pathsFrom(schema, root) : new Map([[root.name, []]]);
    for (const [ownerName, path] of owners) {
      const owner = schema.getType(ownerName);
      if (!(isObjectType(owner) || isInterfaceType(owner))) continue;
      for (const field of Object.values(owner.getFields())) {
        for (const argument of field.args) {
          const inner = `${field.name}${argumentList(field, argument)}${selectionOf(getNamedType(field.type))}`;
          targets.push({
            label: `${owner.name}.${field.name}(${argument.name}:)`,
            operation,
            document: `${operation} Fuzz($v: ${String(argument.type)}) { ${wrap(path, inner)} }`,
            argument,
            fieldType: getNamedType(field.type).name,
          });
        }
      }
    }
  }
  return targets;
}

const NUMERIC_SCALARS = new Set(['Int', 'Float', 'SafeInt']);

/** Whether values of this type are (or hold) text: where NUL characters, huge strings and bad escapes can go. */
export function holdsText(type: GraphQLInputType, seen = new Set<string>()): boolean {
  const named = getNamedType(type);
  if (isInputObjectType(named)) {
    if (seen.has(named.name)) return false;
    seen.add(named.name);
    return Object.values(named.getFields()).some((field) => holdsText(field.type, seen));
  }
  return !isEnumType(named) && !NUMERIC_SCALARS.has(named.name) && named.name !== 'Boolean';
}

/** `harmlessLiteral`'s value as JSON, for variables. */
export function harmlessJson(type: GraphQLInputType): string {
  if (isNonNullType(type)) return harmlessJson(type.ofType);
  if (isListType(type)) return `[${harmlessJson(type.ofType)}]`;
  if (isEnumType(type)) return JSON.stringify(type.getValues()[0]?.name ?? null);
  if (isInputObjectType(type)) return `{${requiredFields(type).map((field) => `${JSON.stringify(field.name)}: ${harmlessJson(field.type)}`).join(', ')}}`;
  return harmlessLiteral(type);
}

function requiredFields(type: GraphQLInputObjectType) {
  return Object.values(type.getFields()).filter((field) => isNonNullType(field.type) && field.defaultValue === undefined);
}

/** How far inside nested input objects (`input.subject.postId`) the variants go. */
const MAX_VARIANT_DEPTH = 3;

/**
 * Input objects with one field made hostile and the others harmless: a believable input that
 * gets past the other fields' checks. Fields that are input objects themselves get their own
 * variants too (`subject.postId`), so a check deep in an input is reached. `hostilesFor` gives
 * the JSON texts for one field of one input type.
 */
export function inputObjectVariants(
  type: GraphQLInputObjectType,
  hostilesFor: (field: GraphQLInputField, owner: GraphQLInputObjectType) => readonly string[],
  depth = 1,
): Array<{ field: string; json: string }> {
  const fields = Object.values(type.getFields());
  return fields.flatMap((target) => {
    const listOf = isListType(isNonNullType(target.type) ? target.type.ofType : target.type);
    const others = requiredFields(type).filter((field) => field !== target);
    const withValue = (hostile: string) => {
      const value = listOf ? `[${hostile}]` : hostile;
      const entries = [...others.map((field) => `${JSON.stringify(field.name)}: ${harmlessJson(field.type)}`), `${JSON.stringify(target.name)}: ${value}`];
      return `{${entries.join(', ')}}`;
    };
    const own = hostilesFor(target, type).map((hostile) => ({ field: target.name, json: withValue(hostile) }));
    const named = getNamedType(target.type);
    if (!isInputObjectType(named) || named === type || depth >= MAX_VARIANT_DEPTH) return own;
    const nested = inputObjectVariants(named, hostilesFor, depth + 1).map(({ field, json }) => ({ field: `${target.name}.${field}`, json: withValue(json) }));
    return [...own, ...nested];
  });
}

/**
 * The Node types an ID argument or input field most likely names, guessed from its name
 * (`postId` → Post, `roleIds` → CreditRole, `managedAccountId` → TeamManagedAccount) or, for a
 * bare `id`, from `context`, the names around it (`DeleteWebhookInput` → Webhook, `Query.post`
 * answering a `Post` → Post). Empty when nothing fits.
 */
export function nodeTypesNamedBy(name: string, context: string, nodeTypeNames: readonly string[]): string[] {
  const stem = /^(.+?)Ids?$/.exec(name)?.[1];
  if (stem) {
    // `postingAccount` → PostingAccount, then Account: the longest ending some type has.
    const words = (stem[0]!.toUpperCase() + stem.slice(1)).split(/(?=[A-Z])/);
    for (let start = 0; start < words.length; start++) {
      const ending = words.slice(start).join('');
      const found = nodeTypeNames.filter((typeName) => typeName.endsWith(ending));
      if (found.length > 0) return found;
    }
    return [];
  }
  if (name !== 'id' && name !== 'ids') return [];
  const mentioned = nodeTypeNames.filter((typeName) => context.includes(typeName));
  const longest = Math.max(0, ...mentioned.map((typeName) => typeName.length));
  return mentioned.filter((typeName) => typeName.length === longest);
}
