import { GraphQLSafeInt } from 'graphql-scalars';
import { Field, ID, InputType, ObjectType } from 'type-graphql';
import { connectionType } from '../../graphql/connection.js';
import { CreditRole } from '../credits/index.js';
import { Post } from '../posts/index.js';
import { User } from '../users/index.js';
import { List } from './list.entity.js';

/** A person in a list, as its resolvers receive it (list.resolver.ts fills in the rest, batched). */
@ObjectType('ListPerson', { description: 'A person in one of the viewer’s lists, with what a buyer compares: roles, place and totals.' })
export class ListPerson {
  userId!: number;

  @Field(() => Date, { description: 'When the person was added to the list.' })
  addedAt!: Date;
}

@ObjectType('ListPost', { description: 'A post in one of the viewer’s lists.' })
export class ListPost {
  postId!: number;

  @Field(() => Date, { description: 'When the post was added to the list.' })
  addedAt!: Date;
}

@ObjectType('HeldCreditRole', { description: 'A role a person holds a public credit in, with on how many posts.' })
export class HeldCreditRole {
  @Field(() => CreditRole, { description: 'The role held, e.g. Photographer.' }) role!: CreditRole;
  @Field(() => GraphQLSafeInt, { description: 'Posts the viewer may see that credit the person in this role.' }) posts!: number;
}

@ObjectType('PersonTotals', { description: 'A person’s work added up as their profile shows it to the viewer: the posts they hold a public credit on (and a company’s verified accounts’ posts), each counted once.' })
export class PersonTotalsType {
  @Field(() => GraphQLSafeInt, { description: 'How many posts: each counted once, whatever the roles in it.' }) posts!: number;
  @Field(() => GraphQLSafeInt, { description: 'Views of those posts, where their networks tell.' }) views!: number;
  @Field(() => GraphQLSafeInt, { description: 'Likes of those posts, where their networks tell.' }) likes!: number;
}

@ObjectType('ListViewerCan', { description: 'What the viewer may do with a list.' })
export class ListViewerCan {
  @Field(() => Boolean, { description: 'False for Favorites and Prospects, which keep their names.' }) rename!: boolean;
  @Field(() => Boolean, { description: 'False for Favorites and Prospects, which are always there.' }) delete!: boolean;
  @Field(() => Boolean, { description: 'Add people and posts to it and take them out.' }) addAndRemove!: boolean;
}

export const ListConnection = connectionType('List', List, { totalCount: true });
export const ListPersonConnection = connectionType('ListPerson', ListPerson, { totalCount: true });
export const ListPostConnection = connectionType('ListPost', ListPost, { totalCount: true });

@InputType('CreateListInput', { description: 'The new list’s name.' })
export class CreateListInput {
  @Field(() => String, { description: 'Unique among your lists whatever the case; 1 to 60 characters after trimming.' }) name!: string;
}

@ObjectType('CreateListPayload', { description: 'What createList answers: the new list.' })
export class CreateListPayload {
  @Field(() => List, { description: 'The new, empty list.' }) list!: List;
}

@InputType('RenameListInput', { description: 'The list and its new name.' })
export class RenameListInput {
  @Field(() => ID, { description: 'The list’s global id.' }) listId!: string;
  @Field(() => String, { description: 'The new name: unique among your lists whatever the case; 1 to 60 characters.' }) name!: string;
}

@ObjectType('RenameListPayload', { description: 'What renameList answers: the list with its new name.' })
export class RenameListPayload {
  @Field(() => List, { description: 'The list with its new name.' }) list!: List;
}

@InputType('DeleteListInput', { description: 'The list to delete.' })
export class DeleteListInput {
  @Field(() => ID, { description: 'The list’s global id.' }) listId!: string;
}

@ObjectType('DeleteListPayload', { description: 'What deleteList answers: which list was deleted.' })
export class DeleteListPayload {
  @Field(() => ID, { description: 'The global id of the list that was deleted (the people and posts in it stay on Byline).' }) deletedListId!: string;
}

@InputType('AddToListInput', { description: 'A list and exactly one person or post.' })
export class AddToListInput {
  @Field(() => ID, { description: 'The list’s global id.' }) listId!: string;
  @Field(() => ID, { nullable: true, description: 'A User’s global id.' }) userId?: string | null;
  @Field(() => ID, { nullable: true, description: 'A Post’s global id.' }) postId?: string | null;
}

@ObjectType('AddToListPayload', { description: 'What addToList answers: the list and the person or post added.' })
export class AddToListPayload {
  @Field(() => List, { description: 'The list, with its new count.' }) list!: List;
  @Field(() => User, { nullable: true, description: 'The person added (with viewerListIds updated), when one was.' }) user!: User | null;
  @Field(() => Post, { nullable: true, description: 'The post added (with viewerListIds updated), when one was.' }) post!: Post | null;
}

@InputType('RemoveFromListInput', { description: 'A list and exactly one person or post in it.' })
export class RemoveFromListInput {
  @Field(() => ID, { description: 'The list’s global id.' }) listId!: string;
  @Field(() => ID, { nullable: true, description: 'A User’s global id.' }) userId?: string | null;
  @Field(() => ID, { nullable: true, description: 'A Post’s global id.' }) postId?: string | null;
}

@ObjectType('RemoveFromListPayload', { description: 'What removeFromList answers: the list and the person or post taken out.' })
export class RemoveFromListPayload {
  @Field(() => List, { description: 'The list, with its new count.' }) list!: List;
  @Field(() => User, { nullable: true, description: 'The person taken out (with viewerListIds updated), when one was.' }) user!: User | null;
  @Field(() => Post, { nullable: true, description: 'The post taken out (with viewerListIds updated), when one was.' }) post!: Post | null;
}
