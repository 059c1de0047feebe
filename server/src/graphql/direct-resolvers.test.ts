import 'reflect-metadata';
import { execute, parse, type ExecutionResult } from 'graphql';
import { Arg, Args, ArgsType, Ctx, Field, FieldResolver, Info, Int, ObjectType, Query, Resolver, Root, buildSchema, type BuildSchemaOptions } from 'type-graphql';
import type { GraphQLResolveInfo } from 'graphql';
import { describe, expect, it } from 'vitest';
import { withDirectFieldResolvers } from './direct-resolvers.js';

@ArgsType()
class ProbePageArgs {
  @Field(() => Int, { nullable: true }) first?: number | null;
  @Field(() => String, { nullable: true }) after?: string | null;
}

@ObjectType('DirectProbe')
class Probe {
  @Field(() => Int, { name: 'databaseId' }) id!: number;
  @Field(() => String) label!: string;
}

@Resolver(() => Probe)
class ProbeResolver {
  @Query(() => [Probe])
  directProbes(): Array<{ id: number; label: string }> {
    // Plain rows, as the read paths hand over: type-graphql turns a typed root into the class.
    return [{ id: 1, label: 'one' }, { id: 2, label: 'two' }];
  }

  @FieldResolver(() => String)
  sized(@Root() probe: Probe, @Arg('width', () => Int, { defaultValue: 640 }) width: number): string {
    return `${probe.label}:${width}:${probe instanceof Probe}`;
  }

  @FieldResolver(() => String)
  paged(@Args(() => ProbePageArgs) args: ProbePageArgs, @Ctx() { tag }: { tag: string }, @Info() info: GraphQLResolveInfo): string {
    return JSON.stringify({ instance: args instanceof ProbePageArgs, keys: Object.keys(args), args, tag, field: info.fieldName });
  }

  @FieldResolver(() => [Int])
  echo(@Arg('ids', () => [Int]) ids: number[]): number[] {
    return ids;
  }

  @FieldResolver(() => String, { nullable: true })
  failing(): string {
    throw new Error('refused');
  }
}

const QUERY = parse(`{ directProbes { databaseId label sized(width: 320) wide: sized paged(first: 2) none: paged echo(ids: [3, 4]) failing } }`);

describe('withDirectFieldResolvers', () => {
  it('answers as type-graphql does (typed roots, argument defaults, @Args instances, lists, errors), without a promise', async () => {
    const options = { resolvers: [ProbeResolver], validate: false } satisfies BuildSchemaOptions;
    const wrapped = await buildSchema(options);
    const direct = withDirectFieldResolvers(await buildSchema(options), options);
    const contextValue = { tag: 'request' };

    const before = await execute({ schema: wrapped, document: QUERY, contextValue });
    const after = execute({ schema: direct, document: QUERY, contextValue });
    // Nothing to wait for: graphql-js completes the whole answer in one go.
    expect(after).not.toBeInstanceOf(Promise);
    expect(JSON.parse(JSON.stringify(after))).toEqual(JSON.parse(JSON.stringify(before)));

    const rows = (after as ExecutionResult<{ directProbes: Array<Record<string, string | number | number[] | null>> }>).data!.directProbes;
    expect(rows[0]).toMatchObject({ databaseId: 1, label: 'one', sized: 'one:320:true', wide: 'one:640:true', echo: [3, 4], failing: null });
    expect(JSON.parse(rows[0]!.paged as string)).toEqual({ instance: true, keys: ['first'], args: { first: 2 }, tag: 'request', field: 'paged' });
    expect(JSON.parse(rows[0]!.none as string)).toMatchObject({ instance: true, keys: [] });
    expect((after as ExecutionResult).errors?.map((error) => [error.message, error.path?.join('.')])).toEqual([
      ['refused', 'directProbes.0.failing'],
      ['refused', 'directProbes.1.failing'],
    ]);
  });

  it("refuses schema options whose work happens in type-graphql's wrapper, which the direct resolvers would skip", async () => {
    const schema = await buildSchema({ resolvers: [ProbeResolver], validate: false });
    expect(() => withDirectFieldResolvers(schema, { resolvers: [ProbeResolver] })).toThrow(/skip type-graphql's validate/);
    expect(() => withDirectFieldResolvers(schema, { resolvers: [ProbeResolver], validate: false, authChecker: () => true })).toThrow(/authChecker/);
    expect(() => withDirectFieldResolvers(schema, { resolvers: [ProbeResolver], validate: false, globalMiddlewares: [] })).toThrow(/globalMiddlewares/);
  });
});
