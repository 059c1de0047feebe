import {
  Kind,
  getNamedType,
  getNullableType,
  isCompositeType,
  isInterfaceType,
  isListType,
  isObjectType,
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLCompositeType,
  type GraphQLField,
  type GraphQLNamedType,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type ValueNode,
} from 'graphql';

/** How an operation's selection turns into points (GitHub's GraphQL API is the model). */
export interface CostRules {
  /** Items a paginated field returns when the operation names neither `first` nor `last`. */
  defaultPageSize: number;
  /** Items a paginated field returns at most; a larger `first` is refused by the field, so it costs no more. */
  maxPageSize: number;
  /** Requests one point pays for: GitHub's 100, so ordinary app queries cost 1. */
  requestsPerPoint: number;
  /** Points of any mutation at least: writes cost more than reads whatever they select. */
  mutationCost: number;
}

export interface OperationCost {
  /** Paginated fetches the operation may make, each nested one once per item of its parents' pages. */
  requests: number;
  /** Points charged to the caller's hourly budget. */
  cost: number;
}

interface Walk {
  schema: GraphQLSchema;
  fragments: ReadonlyMap<string, FragmentDefinitionNode>;
  variables: Readonly<Record<string, unknown>>;
  operation: OperationDefinitionNode;
  rules: CostRules;
}

/**
 * The cost of one operation, computed from its selection before it runs: every paginated field
 * (one with a `first`/`last` argument, a connection, or a list of objects) is one request per
 * item its enclosing pages may hold, assuming every page comes back full. The rule reads only
 * argument names and return types, so it needs no list of fields and follows schema changes.
 */
export function operationCost(
  schema: GraphQLSchema,
  document: DocumentNode,
  operation: OperationDefinitionNode,
  variables: Readonly<Record<string, unknown>> | undefined,
  rules: CostRules,
): OperationCost {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
  }
  const root = schema.getRootType(operation.operation);
  const walk: Walk = { schema, fragments, variables: variables ?? {}, operation, rules };
  const requests = root ? requestsOf(walk, operation.selectionSet, root, 1, new Set()) : 0;
  const readCost = Math.max(1, Math.round(requests / rules.requestsPerPoint));
  return { requests, cost: operation.operation === 'mutation' ? Math.max(rules.mutationCost, readCost) : readCost };
}

function requestsOf(walk: Walk, selectionSet: SelectionSetNode, parent: GraphQLCompositeType, multiplier: number, fragmentPath: ReadonlySet<string>): number {
  let requests = 0;
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FIELD) {
      requests += fieldRequests(walk, selection, parent, multiplier, fragmentPath);
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      const type = selection.typeCondition ? compositeNamed(walk.schema, selection.typeCondition.name.value) : parent;
      // Branches on different types are summed: an upper bound, and cheap to compute.
      if (type) requests += requestsOf(walk, selection.selectionSet, type, multiplier, fragmentPath);
    } else {
      const name = selection.name.value;
      const fragment = walk.fragments.get(name);
      // Validation refuses fragment cycles already; the path check only keeps this walk finite regardless.
      if (!fragment || fragmentPath.has(name)) continue;
      const type = compositeNamed(walk.schema, fragment.typeCondition.name.value);
      if (type) requests += requestsOf(walk, fragment.selectionSet, type, multiplier, new Set([...fragmentPath, name]));
    }
  }
  return requests;
}

function fieldRequests(walk: Walk, node: FieldNode, parent: GraphQLCompositeType, multiplier: number, fragmentPath: ReadonlySet<string>): number {
  // Introspection and __typename are free, like the depth and cost limits treat them.
  if (node.name.value.startsWith('__')) return 0;
  const field = fieldOf(parent, node.name.value);
  if (!field) return 0;
  const paginated = isPaginated(field, parent);
  const own = paginated ? multiplier : 0;
  const named = getNamedType(field.type);
  if (!node.selectionSet || !isCompositeType(named)) return own;
  const childMultiplier = paginated ? multiplier * pageSize(walk, node) : multiplier;
  return own + requestsOf(walk, node.selectionSet, named, childMultiplier, fragmentPath);
}

function fieldOf(parent: GraphQLCompositeType, name: string): GraphQLField<unknown, unknown> | undefined {
  return isObjectType(parent) || isInterfaceType(parent) ? parent.getFields()[name] : undefined;
}

/**
 * A field that fetches a page: it takes `first` or `last`, returns a connection, or returns a
 * list of objects. A connection's own `nodes` and `edges` are that page, not another fetch.
 */
function isPaginated(field: GraphQLField<unknown, unknown>, parent: GraphQLCompositeType): boolean {
  if (field.args.some((arg) => arg.name === 'first' || arg.name === 'last')) return true;
  const named = getNamedType(field.type);
  if (isConnection(named)) return true;
  return isListType(getNullableType(field.type)) && isCompositeType(named) && !isConnection(parent);
}

function isConnection(type: GraphQLNamedType): boolean {
  return (isObjectType(type) || isInterfaceType(type)) && (type.name.endsWith('Connection') || 'pageInfo' in type.getFields());
}

/** Items the field's page may hold: the larger of `first` and `last`, else the default, at most the maximum. */
function pageSize(walk: Walk, node: FieldNode): number {
  const sizes = (node.arguments ?? [])
    .filter((arg) => arg.name.value === 'first' || arg.name.value === 'last')
    .map((arg) => integerValue(walk, arg.value))
    .filter((size): size is number => size !== null);
  const requested = sizes.length > 0 ? Math.max(...sizes) : walk.rules.defaultPageSize;
  return Math.min(Math.max(requested, 0), walk.rules.maxPageSize);
}

function integerValue(walk: Walk, value: ValueNode): number | null {
  if (value.kind === Kind.INT) return Number.parseInt(value.value, 10);
  if (value.kind !== Kind.VARIABLE) return null;
  const name = value.name.value;
  const given = walk.variables[name];
  if (typeof given === 'number' && Number.isInteger(given)) return given;
  if (given !== undefined) return null;
  const fallback = walk.operation.variableDefinitions?.find((definition) => definition.variable.name.value === name)?.defaultValue;
  return fallback ? integerValue(walk, fallback) : null;
}

function compositeNamed(schema: GraphQLSchema, name: string): GraphQLCompositeType | undefined {
  const type = schema.getType(name);
  return type && isCompositeType(type) ? type : undefined;
}
