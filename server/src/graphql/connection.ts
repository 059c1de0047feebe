import { Field, Int, ObjectType, type ClassType } from 'type-graphql';

@ObjectType('PageInfo', { description: 'Where a page sits in its list (Relay cursor connections).' })
export class PageInfo {
  @Field(() => Boolean, { description: 'More items follow the last one on this page.' }) hasNextPage!: boolean;
  @Field(() => Boolean, { description: 'Items come before the first one on this page.' }) hasPreviousPage!: boolean;
  @Field(() => String, { nullable: true, description: 'The cursor of the first item; null on an empty page.' }) startCursor!: string | null;
  @Field(() => String, { nullable: true, description: 'The cursor of the last item; pass it as `after` for the next page.' }) endCursor!: string | null;
}

export interface Edge<T> {
  cursor: string;
  node: T;
}

/** What a resolver returns for a connection field; `countTotal` runs only when totalCount is asked for. */
export interface Connection<T> {
  edges: Array<Edge<T>>;
  nodes: T[];
  pageInfo: PageInfo;
  countTotal?: () => Promise<number>;
}

export interface ConnectionOptions {
  /** Offer totalCount: only where counting is cheap (an indexed count over one owner's rows). */
  totalCount?: boolean;
}

/**
 * One Relay connection type (`<Name>Connection` and `<Name>Edge`) for a node type. Every list
 * that can grow is one of these, so clients page through all of them the same way.
 */
export function connectionType<T extends object>(name: string, nodeType: ClassType<T> | object, options: ConnectionOptions = {}): ClassType<Connection<T>> {
  @ObjectType(`${name}Edge`, { description: `One ${name} in a page, with its cursor.` })
  class EdgeType {
    @Field(() => String, { description: 'Pass as `after` or `before` to page from here.' }) cursor!: string;
    @Field(() => nodeType, { description: `The ${name} at this place in the list.` }) node!: T;
  }

  const edgesField = () => Field(() => [EdgeType], { description: 'The items of this page in list order, each with its cursor; empty when there are none.' });
  const nodesField = () => Field(() => [nodeType], { description: 'The nodes of the edges, for clients that need no cursors.' });
  const pageInfoField = () => Field(() => PageInfo, { description: 'Whether pages come before or after this one, and the cursors to fetch them.' });

  // Two variants rather than a base class: type-graphql would publish the base as a type of its own.
  if (!options.totalCount) {
    @ObjectType(`${name}Connection`, { description: `A page of ${name} items.` })
    class PlainConnection {
      @edgesField() edges!: Array<Edge<T>>;
      @nodesField() nodes!: T[];
      @pageInfoField() pageInfo!: PageInfo;
    }
    return PlainConnection;
  }

  @ObjectType(`${name}Connection`, { description: `A page of ${name} items.` })
  class CountedConnection {
    @edgesField() edges!: Array<Edge<T>>;
    @nodesField() nodes!: T[];
    @pageInfoField() pageInfo!: PageInfo;
    countTotal?: () => Promise<number>;

    @Field(() => Int, { description: 'How many there are in all, across every page.' })
    async totalCount(): Promise<number> {
      // A counted connection always comes with its count; a missing one is a bug, not zero.
      if (!this.countTotal) throw new Error(`${name}Connection built without countTotal`);
      return this.countTotal();
    }
  }
  return CountedConnection;
}
