import { Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import { connectionType } from '../../graphql/connection.js';
import { User } from '../users/index.js';
import { Conversation, Message, UserReport } from './conversation.entity.js';

export const ConversationConnection = connectionType('Conversation', Conversation, { totalCount: true });
export const MessageConnection = connectionType('Message', Message, { totalCount: true });
export const UserReportConnection = connectionType('UserReport', UserReport, { totalCount: true });

@ObjectType('ConversationViewerCan', { description: 'What the viewer may do in a conversation.' })
export class ConversationViewerCan {
  @Field(() => Boolean, { description: 'Write to the other person: false once either of them blocked the other, or their account is gone.' }) sendMessage!: boolean;
  @Field(() => Boolean, { description: 'The viewer blocked the other person (unblockUser lifts it).' }) unblock!: boolean;
}

@InputType('StartConversationInput')
export class StartConversationInput {
  @Field(() => ID, { description: 'The person to write to (a User).' }) userId!: string;
  @Field(() => ID, { nullable: true, description: 'The job it is about, when started from one; shown as its context.' }) jobId?: string | null;
  @Field(() => ID, { nullable: true, description: 'The project it is about, when started from one (not with jobId).' }) projectId?: string | null;
  @Field(() => String, { description: 'The first message: plain text, 1 to 5,000 characters.' }) body!: string;
}

@ObjectType('StartConversationPayload')
export class StartConversationPayload {
  @Field(() => Conversation, { description: 'The conversation, new or the one the two already had with this context.' }) conversation!: Conversation;
  @Field(() => Message) message!: Message;
  @Field(() => Boolean, { description: 'True when this started a new conversation; false when the message went into an existing one.' }) created!: boolean;
}

@InputType('SendMessageInput')
export class SendMessageInput {
  @Field(() => ID) conversationId!: string;
  @Field(() => String, { description: 'Plain text, 1 to 5,000 characters.' }) body!: string;
}

@ObjectType('SendMessagePayload')
export class SendMessagePayload {
  @Field(() => Conversation) conversation!: Conversation;
  @Field(() => Message) message!: Message;
}

@InputType('MarkConversationReadInput')
export class MarkConversationReadInput {
  @Field(() => ID) conversationId!: string;
}

@ObjectType('MarkConversationReadPayload')
export class MarkConversationReadPayload {
  @Field(() => Conversation) conversation!: Conversation;
  @Field(() => Int, { description: 'The viewer’s count of unread conversations afterwards.' }) unreadConversationCount!: number;
}

@InputType('BlockUserInput')
export class BlockUserInput {
  @Field(() => ID, { description: 'The person to block (a User).' }) userId!: string;
}

@ObjectType('BlockUserPayload')
export class BlockUserPayload {
  @Field(() => User) user!: User;
}

@InputType('UnblockUserInput')
export class UnblockUserInput {
  @Field(() => ID, { description: 'The person to unblock (a User).' }) userId!: string;
}

@ObjectType('UnblockUserPayload')
export class UnblockUserPayload {
  @Field(() => User) user!: User;
}

@InputType('ReportUserInput')
export class ReportUserInput {
  @Field(() => ID, { description: 'The person to report (a User).' }) userId!: string;
  @Field(() => String, { description: 'Why, 1 to 1,000 characters; only admins read it.' }) reason!: string;
  @Field(() => ID, { nullable: true, description: 'The viewer’s conversation it is reported from, if any.' }) conversationId?: string | null;
}

@ObjectType('ReportUserPayload')
export class ReportUserPayload {
  @Field(() => User) user!: User;
}
