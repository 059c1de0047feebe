import { GraphQLScalarType, isObjectType, type GraphQLFieldResolver, type GraphQLSchema } from 'graphql';
import { getMetadataStorage, type BuildSchemaOptions } from 'type-graphql';

type Storage = ReturnType<typeof getMetadataStorage>;
type FieldMetadata = NonNullable<Storage['objectTypes'][number]['fields']>[number];
type FieldResolverMetadata = Storage['fieldResolvers'][number];
type ParamMetadata = NonNullable<FieldResolverMetadata['params']>[number];
type ParamReader = (root: Record<string, unknown>, args: Record<string, unknown>, context: Record<string, unknown>, info: unknown) => unknown;

/**
 * The same answers as type-graphql's field resolvers, without its wrapping of each call. For a
 * field read straight from its object (no `@FieldResolver`) type-graphql builds a
 * `ResolverData` object and walks an empty middleware list on every call; for a
 * `@FieldResolver` it also looks the resolver class up in its container and rebuilds (and
 * sorts) the parameter list, and any `@Arg` or `@Args` makes the call asynchronous (its
 * argument validation is an `async` function even when validation is off), so graphql-js waits
 * on a promise for a field such as `thumbnailUrl(width:)`. An explore page resolves about 430
 * fields through that wrapping (docs/perf/history.md, fifth round).
 *
 * Only what can be answered the same way is replaced: fields without middlewares or roles
 * (none are used), parameters that are the root (converted to its declared type as
 * type-graphql does), the context, the info, or arguments whose values type-graphql passes on
 * as graphql-js coerced them (scalars, enums and lists of them; `@Args` classes made of such
 * fields become an instance of the class as type-graphql makes them). Anything else (input objects, custom parameter decorators) keeps type-graphql's own
 * resolver. Must run on the schema `buildSchema` made with `options`, before anything wraps
 * its fields. Options whose work happens inside type-graphql's wrapper (argument validation, an
 * auth checker, global middlewares, a container) would be skipped by the direct resolvers: they
 * are refused here rather than silently lost.
 */
export function withDirectFieldResolvers(schema: GraphQLSchema, options: BuildSchemaOptions): GraphQLSchema {
  const skipped = [
    options.validate !== false && 'validate',
    options.authChecker !== undefined && 'authChecker',
    options.globalMiddlewares !== undefined && 'globalMiddlewares',
    options.container !== undefined && 'container',
  ].filter(Boolean);
  if (skipped.length > 0) throw new Error(`withDirectFieldResolvers would skip type-graphql's ${skipped.join(', ')}: build the schema without them, or keep its own resolvers`);
  const resolvers: readonly Function[] = options.resolvers;
  const storage = getMetadataStorage();
  const inputTargets = new Set<unknown>(storage.inputTypes.map((input) => input.target));
  // type-graphql's own choice of resolver for a field: internal ones, and those of the schema's resolver classes.
  const fieldResolvers = storage.fieldResolvers.filter((resolver) => resolver.kind === 'internal' || resolvers.includes(resolver.target));
  const instances = new Map<Function, Record<string, unknown>>();
  const instanceOf = (target: Function) => {
    let instance = instances.get(target);
    if (!instance) instances.set(target, (instance = new (target as new () => Record<string, unknown>)()));
    return instance;
  };
  const namesSeen = new Map<string, number>();
  for (const objectType of storage.objectTypes) namesSeen.set(objectType.name, (namesSeen.get(objectType.name) ?? 0) + 1);

  for (const objectType of storage.objectTypes) {
    const graphqlType = schema.getType(objectType.name);
    // A name defined twice (a type outside this schema) would be ambiguous: leave it alone.
    if (!isObjectType(graphqlType) || namesSeen.get(objectType.name) !== 1) continue;
    const graphqlFields = graphqlType.getFields();
    for (const field of objectType.fields ?? []) {
      const graphqlField = graphqlFields[field.schemaName];
      if (!graphqlField || graphqlField.resolve === undefined || hasMiddlewares(field)) continue;
      const resolver = fieldResolvers.find((candidate) => candidate.getObjectType?.() === field.target && candidate.methodName === field.name);
      if (!resolver) {
        const property = field.name;
        graphqlField.resolve = (source: Record<string, unknown>) => source[property];
        continue;
      }
      if (resolver.kind !== 'external' || hasMiddlewares(resolver)) continue;
      const direct = directHandler(resolver, instanceOf, inputTargets);
      if (direct) graphqlField.resolve = direct;
    }
  }
  return schema;
}

function hasMiddlewares(metadata: FieldMetadata | FieldResolverMetadata): boolean {
  // Any roles at all (even none listed: `@Authorized()`) would add an auth check.
  return (metadata.middlewares?.length ?? 0) > 0 || metadata.roles !== undefined;
}

function directHandler(
  resolver: FieldResolverMetadata,
  instanceOf: (target: Function) => Record<string, unknown>,
  inputTargets: ReadonlySet<unknown>,
): GraphQLFieldResolver<Record<string, unknown>, Record<string, unknown>> | null {
  // type-graphql passes the parameters in the order of their positions.
  const params = [...(resolver.params ?? [])].sort((a, b) => a.index - b.index);
  const readers: ParamReader[] = [];
  for (const param of params) {
    const reader = paramReader(param, inputTargets);
    if (!reader) return null;
    readers.push(reader);
  }
  const methodName = resolver.methodName;
  const target = resolver.target;
  const [first, second, third] = readers;
  if (readers.length === 1 && first) {
    return (root, args, context, info) => {
      const instance = instanceOf(target);
      return (instance[methodName] as Function).call(instance, first(root, args, context, info));
    };
  }
  if (readers.length === 2 && first && second) {
    return (root, args, context, info) => {
      const instance = instanceOf(target);
      return (instance[methodName] as Function).call(instance, first(root, args, context, info), second(root, args, context, info));
    };
  }
  if (readers.length === 3 && first && second && third) {
    return (root, args, context, info) => {
      const instance = instanceOf(target);
      return (instance[methodName] as Function).call(instance, first(root, args, context, info), second(root, args, context, info), third(root, args, context, info));
    };
  }
  return (root, args, context, info) => {
    const instance = instanceOf(target);
    return (instance[methodName] as Function).apply(
      instance,
      readers.map((read) => read(root, args, context, info)),
    );
  };
}

function paramReader(param: ParamMetadata, inputTargets: ReadonlySet<unknown>): ParamReader | null {
  switch (param.kind) {
    case 'root': {
      const property = param.propertyName;
      const getType = param.getType;
      if (!getType) return property ? (root) => root[property] : (root) => root;
      // The parameter's declared type (reflected; `Object` for an interface such as PostView).
      let type: unknown;
      return (root) => {
        type ??= getType();
        return convertToType(type, property ? root[property] : root);
      };
    }
    case 'context': {
      const property = param.propertyName;
      return property ? (_root, _args, context) => context[property] : (_root, _args, context) => context;
    }
    case 'info':
      return (_root, _args, _context, info) => info;
    case 'arg': {
      if (param.validateFn || (param.validateSettings !== undefined && param.validateSettings !== false)) return null;
      if (!isPassedAsIs(param.getType(), inputTargets)) return null;
      const name = param.name;
      return (_root, args) => copyLists(args[name]);
    }
    case 'args': {
      if (param.validateFn || (param.validateSettings !== undefined && param.validateSettings !== false)) return null;
      const argsClass = param.getType() as Function;
      const fields = argsFields(argsClass);
      if (!fields || !fields.every((field) => isPassedAsIs(field.getType(), inputTargets))) return null;
      const names = fields.map((field) => field.name);
      return (_root, args) => argsInstance(argsClass, names, args);
    }
    default:
      return null;
  }
}

/** Whether type-graphql hands an argument of this type to the resolver as graphql-js coerced it (lists copied). */
function isPassedAsIs(type: unknown, inputTargets: ReadonlySet<unknown>): boolean {
  if (inputTargets.has(type)) return false;
  if (type instanceof GraphQLScalarType || type === String || type === Number || type === Boolean) return true;
  // An enum (a plain object of its values): its values are strings or numbers, which type-graphql passes on.
  return typeof type === 'object' && type !== null && Object.getPrototypeOf(type) === Object.prototype;
}

/** type-graphql maps list arguments item by item into a new list; the items stay as they are. */
function copyLists(value: unknown): unknown {
  return Array.isArray(value) ? value.map(copyLists) : value;
}

/** The fields of an `@ArgsType` class and its `@ArgsType` superclasses, as type-graphql collects them; null when it is none. */
function argsFields(argsClass: Function): FieldMetadata[] | null {
  const storage = getMetadataStorage();
  const own = storage.argumentTypes.find((type) => type.target === argsClass);
  if (!own) return null;
  const fields = [...(own.fields ?? [])];
  for (let superClass = Object.getPrototypeOf(argsClass) as Function; superClass.prototype !== undefined; superClass = Object.getPrototypeOf(superClass) as Function) {
    const inherited = storage.argumentTypes.find((type) => type.target === superClass);
    if (inherited) fields.push(...(inherited.fields ?? []));
  }
  return fields;
}

/** The instance type-graphql's `convertArgsToInstance` builds from the arguments given. */
function argsInstance(argsClass: Function, names: readonly string[], args: Record<string, unknown>): unknown {
  const given: Record<string, unknown> = {};
  for (const name of names) {
    const value = args[name];
    if (value !== undefined) given[name] = copyLists(value);
  }
  return convertToType(argsClass, given);
}

const SIMPLE_TYPES: readonly unknown[] = [String, Boolean, Number, Date, Array, Promise];

/**
 * type-graphql's `convertToType` (not exported by the package), step for step: a value of the
 * type, a scalar or a primitive as it is, anything else copied into a new instance of the class.
 */
function convertToType(target: unknown, data: unknown): unknown {
  if (data === null || data === undefined) return data;
  if (target instanceof GraphQLScalarType) return data;
  if (SIMPLE_TYPES.includes((data as object).constructor)) return data;
  const Target = target as new () => Record<string, unknown>;
  if (data instanceof Target) return data;
  if (Array.isArray(data)) return data.map((item: unknown) => convertToType(target, item));
  const instance = new Target();
  for (const key of Object.keys(instance)) {
    if (instance[key] === undefined && !(key in (data as object))) delete instance[key];
  }
  return Object.assign(instance, data);
}
