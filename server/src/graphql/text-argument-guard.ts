import {
  GraphQLBoolean,
  GraphQLFloat,
  GraphQLInt,
  defaultFieldResolver,
  getNamedType,
  isInputObjectType,
  isObjectType,
  isScalarType,
  type GraphQLFieldResolver,
  type GraphQLInputType,
  type GraphQLSchema,
} from 'graphql';
import { InvalidInput } from '../errors/app-errors.js';
import { findUnstorableText } from '../errors/unstorable-text.js';

const NON_TEXT_SCALARS = new Set([GraphQLInt.name, GraphQLFloat.name, GraphQLBoolean.name]);

/** Whether a value of this input type may hold text (a String, an ID, a custom scalar, an input object holding one). */
function mayCarryText(type: GraphQLInputType, seen = new Set<string>()): boolean {
  const named = getNamedType(type);
  if (isScalarType(named)) return !NON_TEXT_SCALARS.has(named.name);
  if (!isInputObjectType(named) || seen.has(named.name)) return false;
  seen.add(named.name);
  return Object.values(named.getFields()).some((field) => mayCarryText(field.type, seen));
}

/** Refuses text PostgreSQL cannot store (a NUL character, an unpaired surrogate) in any argument. */
function refuseUnstorableText(args: Record<string, unknown>): void {
  const found = findUnstorableText(args);
  // `argument`, not `field`: in GraphQL the field is the one in `path`.
  if (found !== null) throw new InvalidInput(found.message, { argument: found.path });
}

/**
 * Refuses text PostgreSQL cannot store in any field argument, for every field of the schema,
 * before its resolver runs: such an argument would fail as a 500 deep in a query. Applied to
 * the schema itself so HTTP and WebSocket operations both get it, with literals and variables
 * alike (resolvers receive both as coerced `args`). Only fields with an argument that may
 * hold text are wrapped, so other fields cost nothing.
 */
export function withTextArgumentGuard(schema: GraphQLSchema): GraphQLSchema {
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith('__')) continue;
    for (const field of Object.values(type.getFields())) {
      if (!field.args.some((arg) => mayCarryText(arg.type))) continue;
      const resolve: GraphQLFieldResolver<unknown, unknown> = field.resolve ?? defaultFieldResolver;
      field.resolve = (source, args: Record<string, unknown>, context, info) => {
        refuseUnstorableText(args);
        return resolve(source, args, context, info);
      };
      const subscribe = field.subscribe;
      if (subscribe) {
        field.subscribe = (source, args: Record<string, unknown>, context, info) => {
          refuseUnstorableText(args);
          return subscribe(source, args, context, info);
        };
      }
    }
  }
  return schema;
}
