import {
  GraphQLBoolean,
  GraphQLFloat,
  GraphQLInt,
  defaultFieldResolver,
  getNamedType,
  isInputObjectType,
  isObjectType,
  isScalarType,
  type GraphQLArgument,
  type GraphQLFieldResolver,
  type GraphQLInputType,
  type GraphQLSchema,
} from 'graphql';
import { InvalidInput } from '../errors/app-errors.js';
import { findUnstorableText } from '../errors/unstorable-text.js';
import { EMPTY_ID_MESSAGE, findEmptyId, mayCarryId } from './empty-ids.js';

const NON_TEXT_SCALARS = new Set([GraphQLInt.name, GraphQLFloat.name, GraphQLBoolean.name]);

/** Whether a value of this input type may hold text (a String, an ID, a custom scalar, an input object holding one). */
function mayCarryText(type: GraphQLInputType, seen = new Set<string>()): boolean {
  const named = getNamedType(type);
  if (isScalarType(named)) return !NON_TEXT_SCALARS.has(named.name);
  if (!isInputObjectType(named) || seen.has(named.name)) return false;
  seen.add(named.name);
  return Object.values(named.getFields()).some((field) => mayCarryText(field.type, seen));
}

/**
 * Refuses what no resolver should see: text PostgreSQL cannot store (a NUL character, an
 * unpaired surrogate) in any argument, and an empty string given for an ID (see empty-ids.ts).
 */
function refuseBadArguments(args: Record<string, unknown>, idArguments: readonly GraphQLArgument[]): void {
  const unstorable = findUnstorableText(args);
  // `argument`, not `field`: in GraphQL the field is the one in `path`.
  if (unstorable !== null) throw new InvalidInput(unstorable.message, { argument: unstorable.path });
  for (const argument of idArguments) {
    const emptyId = findEmptyId(args[argument.name], argument.type, argument.name);
    if (emptyId !== null) throw new InvalidInput(EMPTY_ID_MESSAGE, { argument: emptyId });
  }
}

/**
 * Checks every field argument of the schema (see refuseBadArguments) before its resolver runs:
 * such an argument would otherwise fail as a 500 deep in a query. Applied to the schema itself
 * so HTTP and WebSocket operations both get it, with literals and variables alike (resolvers
 * receive both as coerced `args`). Only fields with an argument that may hold text are
 * wrapped (an ID is text), so other fields cost nothing.
 */
export function withTextArgumentGuard(schema: GraphQLSchema): GraphQLSchema {
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith('__')) continue;
    for (const field of Object.values(type.getFields())) {
      if (!field.args.some((arg) => mayCarryText(arg.type))) continue;
      const idArguments = field.args.filter((arg) => mayCarryId(arg.type));
      const resolve: GraphQLFieldResolver<unknown, unknown> = field.resolve ?? defaultFieldResolver;
      field.resolve = (source, args: Record<string, unknown>, context, info) => {
        refuseBadArguments(args, idArguments);
        return resolve(source, args, context, info);
      };
      const subscribe = field.subscribe;
      if (subscribe) {
        field.subscribe = (source, args: Record<string, unknown>, context, info) => {
          refuseBadArguments(args, idArguments);
          return subscribe(source, args, context, info);
        };
      }
    }
  }
  return schema;
}
