import { isObjectType, type GraphQLResolveInfo, type GraphQLSchema } from 'graphql';
import { Arg, Ctx, Extensions, FieldResolver, ID, Info, InterfaceType, Query, Resolver, Root, Field, type ClassType } from 'type-graphql';
import { InvalidInput } from '../errors/app-errors.js';
import type { GraphQLContext } from './context.js';
import { decodeGlobalId, toGlobalId } from './global-id.js';

export const MAX_NODES = 100;

const GLOBAL_ID_FIELD = 'bylineGlobalId';

/**
 * Every object's `id` resolved by a plain function of its type name and row, the same answer as
 * `NodeResolver.id`, without type-graphql's wrapping of each call (a container lookup, the
 * parameters rebuilt and sorted, a promise check): every object of every page asks for its id,
 * about 230 times on an explore page, a third of the resolver calls there.
 */
export function withDirectGlobalIds(schema: GraphQLSchema): GraphQLSchema {
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type)) continue;
    const field = type.getFields().id;
    if (!field?.extensions[GLOBAL_ID_FIELD]) continue;
    const typeName = type.name;
    field.resolve = (source: { id: number }) => toGlobalId(typeName, source.id);
  }
  return schema;
}

/** Anything with an identity: fetch it again with `node(id:)`, whatever its type. */
@InterfaceType('Node', { description: 'An object with an identity. Its id is global: opaque, stable, and unique across every type.' })
export abstract class Node {
  @Field(() => ID, { description: 'Global id: pass it to node(id:) or to any argument that takes this type’s id.' })
  id!: string;
}

/**
 * How `node(id:)` fetches one type: the rows of `ids` (in any order, missing ones left out)
 * that the viewer may see, checked exactly as the type's own query checks them.
 */
export interface NodeType<T extends { id: number }, C extends GraphQLContext = GraphQLContext> {
  typeName: string;
  classType: ClassType<T>;
  // A method, so a module's node type reading its own context (`RequestContext`) is one too.
  loadVisible(context: C, ids: number[]): Promise<T[]>;
}

/** Any node type: a NodeType<Post> is one, its rows being objects with an id. */
export type AnyNodeType = NodeType<{ id: number }>;

/** The Node resolvers for the given types: the global `id` field of each, `node` and `nodes`. */
export function createNodeResolver(nodeTypes: readonly AnyNodeType[]): ClassType {
  const byName = new Map(nodeTypes.map((nodeType) => [nodeType.typeName, nodeType]));

  async function loadNodes(context: GraphQLContext, ids: readonly string[]): Promise<Array<object | null>> {
    const decoded = ids.map((id) => decodeGlobalId(id));
    const wanted = new Map<string, number[]>();
    decoded.forEach((entry) => {
      if (entry && byName.has(entry.typeName)) wanted.set(entry.typeName, [...(wanted.get(entry.typeName) ?? []), entry.databaseId]);
    });
    // One load per type asked for, however many ids of it.
    const found = new Map<string, object>();
    await Promise.all(
      [...wanted].map(async ([typeName, databaseIds]) => {
        const rows = await byName.get(typeName)!.loadVisible(context, [...new Set(databaseIds)]);
        for (const row of rows) found.set(`${typeName}:${row.id}`, row);
      }),
    );
    return decoded.map((entry) => (entry ? (found.get(`${entry.typeName}:${entry.databaseId}`) ?? null) : null));
  }

  @Resolver(() => Node)
  class NodeResolver {
    // Marked so that `withDirectGlobalIds` finds it on every type that implements Node.
    @FieldResolver(() => ID)
    @Extensions({ [GLOBAL_ID_FIELD]: true })
    id(@Root() node: { id: number }, @Info() info: GraphQLResolveInfo): string {
      return toGlobalId(info.parentType.name, node.id);
    }

    @Query(() => Node, { nullable: true, description: 'Any object by its global id; null when it does not exist or the viewer may not see it.' })
    async node(@Arg('id', () => ID, { description: 'The global id of any object (its `id` field).' }) id: string, @Ctx() context: GraphQLContext): Promise<object | null> {
      return (await loadNodes(context, [id]))[0] ?? null;
    }

    @Query(() => [Node], {
      nullable: 'items',
      description: `Several objects by global id (at most ${MAX_NODES}), in the order asked; null for each that does not exist or is hidden.`,
    })
    nodes(@Arg('ids', () => [ID], { description: `Global ids of any types, at most ${MAX_NODES}; more is refused with BAD_USER_INPUT.` }) ids: string[], @Ctx() context: GraphQLContext): Promise<Array<object | null>> {
      if (ids.length > MAX_NODES) throw new InvalidInput(`ids may name at most ${MAX_NODES} objects`);
      return loadNodes(context, ids);
    }
  }
  return NodeResolver;
}
