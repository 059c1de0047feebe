import { Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import { connectionType } from '../../graphql/connection.js';
import { User } from '../users/index.js';
import type { UserReportOutcome } from '../../../../domain/conversations.js';
import { Conversation, Message, UserReport, UserReportOutcomeEnum } from './conversation.entity.js';

export const ConversationConnection = connectionType('Conversation', Conversation, { totalCount: true });
export const MessageConnection = connectionType('Message', Message, { totalCount: true });
export const UserReportConnection = connectionType('UserReport', UserReport, { totalCount: true });

@ObjectType('ConversationViewerCan', { description: 'What the viewer may do in a conversation.' })
export class ConversationViewerCan {
  @Field(() => Boolean, { description: 'Write to the other person: false once either of them blocked the other, or their account is gone.' }) sendMessage!: boolean;
  @Field(() => Boolean, { description: 'The viewer blocked the other person (unblockUser lifts it).' }) unblock!: boolean;
}

@InputType('StartConversationInput', { description: 'The person to write to, an optional job or project it is about, and the first message.' })
export class StartConversationInput {
  @Field(() => ID, { description: 'The person to write to (a User).' }) userId!: string;
  @Field(() => ID, { nullable: true, description: 'The job it is about, when started from one; shown as its context.' }) jobId?: string | null;
  @Field(() => ID, { nullable: true, description: 'The project it is about, when started from one (not with jobId).' }) projectId?: string | null;
  @Field(() => String, { description: 'The first message: plain text, 1 to 5,000 characters.' }) body!: string;
}

@ObjectType('StartConversationPayload', { description: 'What startConversation answers: the conversation, the message and whether the conversation is new.' })
export class StartConversationPayload {
  @Field(() => Conversation, { description: 'The conversation, new or the one the two already had with this context.' }) conversation!: Conversation;
  @Field(() => Message, { description: 'The message just sent.' }) message!: Message;
  @Field(() => Boolean, { description: 'True when this started a new conversation; false when the message went into an existing one.' }) created!: boolean;
}

@InputType('SendMessageInput', { description: 'A message for a conversation the viewer is in.' })
export class SendMessageInput {
  @Field(() => ID, { description: 'One of the viewer’s Conversations; any other is NOT_FOUND.' }) conversationId!: string;
  @Field(() => String, { description: 'Plain text, 1 to 5,000 characters.' }) body!: string;
}

@ObjectType('SendMessagePayload', { description: 'What sendMessage answers: the conversation and the message sent.' })
export class SendMessagePayload {
  @Field(() => Conversation, { description: 'The conversation, now first in the viewer’s list.' }) conversation!: Conversation;
  @Field(() => Message, { description: 'The message just sent.' }) message!: Message;
}

@InputType('MarkConversationReadInput', { description: 'The conversation the viewer has read.' })
export class MarkConversationReadInput {
  @Field(() => ID, { description: 'One of the viewer’s Conversations; any other is NOT_FOUND.' }) conversationId!: string;
}

@ObjectType('MarkConversationReadPayload', { description: 'What markConversationRead answers: the conversation and the viewer’s new unread count.' })
export class MarkConversationReadPayload {
  @Field(() => Conversation, { description: 'The conversation, now read.' }) conversation!: Conversation;
  @Field(() => Int, { description: 'The viewer’s count of unread conversations afterwards.' }) unreadConversationCount!: number;
}

@InputType('BlockUserInput', { description: 'The person to block.' })
export class BlockUserInput {
  @Field(() => ID, { description: 'The person to block (a User).' }) userId!: string;
}

@ObjectType('BlockUserPayload', { description: 'What blockUser answers: the person blocked.' })
export class BlockUserPayload {
  @Field(() => User, { description: 'The person blocked.' }) user!: User;
}

@InputType('UnblockUserInput', { description: 'The person to unblock.' })
export class UnblockUserInput {
  @Field(() => ID, { description: 'The person to unblock (a User).' }) userId!: string;
}

@ObjectType('UnblockUserPayload', { description: 'What unblockUser answers: the person unblocked.' })
export class UnblockUserPayload {
  @Field(() => User, { description: 'The person unblocked; either may write again.' }) user!: User;
}

@InputType('ReportUserInput', { description: 'The person to report to the admins, and why.' })
export class ReportUserInput {
  @Field(() => ID, { description: 'The person to report (a User).' }) userId!: string;
  @Field(() => String, { description: 'Why, 1 to 1,000 characters; only admins read it.' }) reason!: string;
  @Field(() => ID, { nullable: true, description: 'The viewer’s conversation it is reported from, if any.' }) conversationId?: string | null;
}

@ObjectType('ReportUserPayload', { description: 'What reportUser answers: the person reported.' })
export class ReportUserPayload {
  @Field(() => User, { description: 'The person reported.' }) user!: User;
}

@InputType('ResolveUserReportInput', { description: 'Which open report to resolve, and with what outcome.' })
export class ResolveUserReportInput {
  @Field(() => ID, { description: 'The report (a UserReport).' }) userReportId!: string;
  @Field(() => UserReportOutcomeEnum, { description: 'What was done about it.' }) outcome!: UserReportOutcome;
}

@ObjectType('ResolveUserReportPayload', { description: 'What resolveUserReport answers.' })
export class ResolveUserReportPayload {
  @Field(() => UserReport, { description: 'The report, now resolved: its outcome, who resolved it and when.' }) userReport!: UserReport;
}
