import { Field, Float, ID, Int, ObjectType } from 'type-graphql';

/** One row of the global search box (spec section 3, "Search result item"). */
@ObjectType('SearchResultItem')
export class SearchResultItem {
  @Field(() => ID) id!: string;
  @Field(() => String, { nullable: true }) imgUrl!: string | null;
  @Field(() => String) label!: string;
  @Field(() => String, { nullable: true }) subLabel!: string | null;
  @Field(() => String, { description: 'users, posts, tagValues, role, jobs, locations, postingAccounts, creatorSearch, exploreSearch or imageSearch.' })
  modelName!: string;
  @Field(() => String, { description: 'Where the result leads in the app.' }) pageUrl!: string;
  @Field(() => Float) relevancyScore!: number;
  @Field(() => Int, { nullable: true }) tagTypeId!: number | null;
  @Field(() => String, { nullable: true }) publicId!: string | null;
  @Field(() => Boolean) isProOnly!: boolean;
}
