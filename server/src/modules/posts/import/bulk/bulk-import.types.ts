import { Field, InputType, Int, ObjectType } from 'type-graphql';
import { closedSetEnum } from '../../../../graphql/enums.js';
import { Node } from '../../../../graphql/node.js';

export const BULK_IMPORT_OUTCOMES = ['queued', 'existing', 'imported', 'failed', 'duplicate', 'invalid'] as const;
export type BulkImportOutcome = (typeof BULK_IMPORT_OUTCOMES)[number];

export const BulkImportOutcomeEnum = closedSetEnum<BulkImportOutcome>(
  'BulkImportOutcome',
  { QUEUED: 'queued', EXISTING: 'existing', IMPORTED: 'imported', FAILED: 'failed', DUPLICATE: 'duplicate', INVALID: 'invalid' },
  'What became of one link of a bulk import.',
  {
    QUEUED: 'In the import queue; it moves on to IMPORTED or FAILED.',
    EXISTING: 'Byline already had the post: it is now one of yours, nothing was imported.',
    IMPORTED: 'Imported now.',
    FAILED: 'The network would not give the post; `message` says why.',
    DUPLICATE: 'The same post as an earlier link of this import (another form of its link, say): counted once.',
    INVALID: 'Not a link to a post Byline can import; `message` says why.',
  },
);

@InputType('BulkImportPostsInput', { description: 'The links to import at once, at most 500.' })
export class BulkImportPostsInput {
  @Field(() => [String], { description: 'The links, one per post (pasted, or read from a CSV file), at most 500.' })
  urls!: string[];
}

@ObjectType('BulkImportItem', { description: 'One link of a bulk import and what became of it.' })
export class BulkImportItem {
  @Field(() => Int, { description: 'Where the link was in the list, from 1.' }) position!: number;
  @Field(() => String, { description: 'The link as given.' }) url!: string;
  @Field(() => BulkImportOutcomeEnum, { description: 'What became of it so far; QUEUED moves on to IMPORTED or FAILED.' }) outcome!: BulkImportOutcome;
  @Field(() => String, { nullable: true, description: 'Why the link failed or was refused, in the import’s words (for example "Invalid url", "Platform not supported").' })
  message!: string | null;
  @Field(() => Int, { nullable: true, description: 'The post’s databaseId (its page is /posts/{postDatabaseId}), once there is one.' })
  postDatabaseId!: number | null;
}

@ObjectType('BulkImportCounts', { description: 'How many links of a bulk import ended each way so far.' })
export class BulkImportCounts {
  @Field(() => Int, { description: 'Links still in the import queue.' }) queued!: number;
  @Field(() => Int, { description: 'Links to posts Byline already had.' }) existing!: number;
  @Field(() => Int, { description: 'Links imported.' }) imported!: number;
  @Field(() => Int, { description: 'Links the network would not give.' }) failed!: number;
  @Field(() => Int, { description: 'Links to a post an earlier link of this import already named.' }) duplicate!: number;
  @Field(() => Int, { description: 'Links that are not a post Byline can import.' }) invalid!: number;
}

@ObjectType('BulkImport', { implements: Node, description: 'Many links imported at once from the Content Manager, and how far they got.' })
export class BulkImport {
  @Field(() => Int, { name: 'databaseId', description: 'The bulk import’s number in the REST API.' }) id!: number;
  @Field(() => Int, { description: 'How many links were given.' }) total!: number;
  @Field(() => Int, { description: 'How many links are settled (every outcome but QUEUED).' }) finished!: number;
  @Field(() => Boolean, { description: 'Every link is settled.' }) done!: boolean;
  @Field(() => BulkImportCounts, { description: 'How many links ended each way so far.' }) counts!: BulkImportCounts;
  @Field(() => [BulkImportItem], { description: 'Every link in the order given (at most 500).' }) items!: BulkImportItem[];
  @Field(() => Date, { description: 'When the import was started (UTC).' }) createdAt!: Date;
}

@ObjectType('BulkImportPostsPayload', { description: 'The bulk import started.' })
export class BulkImportPostsPayload {
  @Field(() => BulkImport, { description: 'Follow it with the bulkImportProgress subscription.' }) bulkImport!: BulkImport;
}
