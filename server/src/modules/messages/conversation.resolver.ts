import { Arg, Args, Ctx, FieldResolver, ID, Int, Mutation, Query, Resolver, Root, Subscription } from 'type-graphql';
import { CONVERSATION_MESSAGES } from '../../../../domain/conversations.js';
import { childConnection } from '../../graphql/child-connections.js';
import type { Connection } from '../../graphql/connection.js';
import { decodeGlobalId, parseGlobalId } from '../../graphql/global-id.js';
import { ForwardPageArgs, PageArgs, readKeysetPage } from '../../graphql/pagination.js';
import { InvalidInput, NotFound } from '../../errors/app-errors.js';
import { requireAdminViewer } from '../admin/index.js';
import { Job, jobNode } from '../jobs/index.js';
import { NotificationCounts } from '../notifications/index.js';
import { Project, projectNode } from '../projects/index.js';
import { requireViewer, User, type RequestContext } from '../users/index.js';
import { conversationActivity } from './conversation-activity.js';
import { Conversation, Message, UserReport } from './conversation.entity.js';
import { loadBlockState, loadMessage, loadReadState, loadUser, loadVisibleJob, loadVisibleProject } from './conversation.loaders.js';
import { isParticipant } from './conversation.policy.js';
import {
  blockUser,
  countUnreadConversations,
  findVisibleConversations,
  listConversations,
  listUserReports,
  markConversationRead,
  otherParticipantId,
  reportUser,
  resolveUserReport,
  sendMessage,
  startConversation,
  unblockUser,
} from './conversation.service.js';
import {
  BlockUserInput,
  BlockUserPayload,
  ConversationConnection,
  ConversationViewerCan,
  MarkConversationReadInput,
  MarkConversationReadPayload,
  MessageConnection,
  ReportUserInput,
  ReportUserPayload,
  ResolveUserReportInput,
  ResolveUserReportPayload,
  SendMessageInput,
  SendMessagePayload,
  StartConversationInput,
  StartConversationPayload,
  UnblockUserInput,
  UnblockUserPayload,
  UserReportConnection,
} from './conversation.types.js';

// Oldest first, as a chat reads: `last: 30` is the newest page, `before` pages back in time.
const CONVERSATION_MESSAGES_LIST = { name: 'conversation-messages', entity: Message, table: 'messages', parentColumn: 'conversation_id', order: 'asc' } as const;

async function requireUser(context: RequestContext, userId: number): Promise<User> {
  const user = await loadUser(context.em, userId);
  if (!user) throw new NotFound(CONVERSATION_MESSAGES.cannotMessage);
  return user;
}

/** The job or project a conversation is started from, checked against what the viewer may see. */
async function readStartContext(context: RequestContext, input: StartConversationInput): Promise<{ jobId: number | null; projectId: number | null }> {
  const jobId = input.jobId ? parseGlobalId(input.jobId, 'Job') : null;
  const projectId = input.projectId ? parseGlobalId(input.projectId, 'Project') : null;
  if (jobId !== null && projectId !== null) throw new InvalidInput(CONVERSATION_MESSAGES.oneContext);
  if (jobId !== null && (await jobNode.loadVisible(context, [jobId])).length === 0) throw new NotFound('Job not found');
  if (projectId !== null && (await projectNode.loadVisible(context, [projectId])).length === 0) throw new NotFound('Project not found');
  return { jobId, projectId };
}

/**
 * Conversations and messages (docs/product.md §Messages). Everything answers only the two people
 * of a conversation; anyone else gets null or "not found", as node(id:) does.
 */
@Resolver(() => Conversation)
export class ConversationResolver {
  @Query(() => ConversationConnection, { description: 'The viewer’s conversations, the one with the newest message first.' })
  conversations(@Args(() => ForwardPageArgs) page: ForwardPageArgs, @Ctx() context: RequestContext): Promise<Connection<Conversation>> {
    return listConversations(context.em, requireViewer(context), readKeysetPage(page));
  }

  @Query(() => Conversation, { nullable: true, description: 'One of the viewer’s conversations; null when the viewer is not in it.' })
  async conversation(@Arg('id', () => ID, { description: 'The Conversation’s global id.' }) id: string, @Ctx() context: RequestContext): Promise<Conversation | null> {
    const viewer = requireViewer(context);
    const decoded = decodeGlobalId(id);
    if (!decoded || decoded.typeName !== 'Conversation') return null;
    const [conversation] = await findVisibleConversations(context.em, viewer, [decoded.databaseId]);
    return conversation ?? null;
  }

  @Mutation(() => StartConversationPayload, {
    description:
      'Writes to a person: starts a conversation (about a job or project when given) or adds to the one the two already have with that context. Refused for oneself, a blocked pair (either way) and, for accounts younger than a week, past 10 new conversations a day.',
  })
  async startConversation(@Arg('input', () => StartConversationInput, { description: 'The person, the context and the first message.' }) input: StartConversationInput, @Ctx() context: RequestContext): Promise<StartConversationPayload> {
    const viewer = requireViewer(context);
    const recipientId = parseGlobalId(input.userId, 'User');
    const contextIds = await readStartContext(context, input);
    return startConversation(context.em, { boss: context.boss, publicUrl: context.config.publicUrl, jwtSecret: context.config.jwtSecret, unsubscribeMailto: context.config.unsubscribeMailto }, viewer, recipientId, contextIds, input.body);
  }

  @Mutation(() => SendMessagePayload, { description: 'Adds a message to one of the viewer’s conversations, unless either of the two blocked the other.' })
  sendMessage(@Arg('input', () => SendMessageInput, { description: 'The conversation and the message.' }) input: SendMessageInput, @Ctx() context: RequestContext): Promise<SendMessagePayload> {
    return sendMessage(context.em, requireViewer(context), parseGlobalId(input.conversationId, 'Conversation'), input.body);
  }

  @Mutation(() => MarkConversationReadPayload, { description: 'Marks every message of one of the viewer’s conversations as read.' })
  async markConversationRead(@Arg('input', () => MarkConversationReadInput, { description: 'The conversation read.' }) input: MarkConversationReadInput, @Ctx() context: RequestContext): Promise<MarkConversationReadPayload> {
    const viewer = requireViewer(context);
    const conversation = await markConversationRead(context.em, viewer, parseGlobalId(input.conversationId, 'Conversation'));
    return { conversation, unreadConversationCount: await countUnreadConversations(context.em, viewer.user.id) };
  }

  @Mutation(() => BlockUserPayload, { description: 'Blocks a person: neither of the two can write to the other until the viewer unblocks them.' })
  async blockUser(@Arg('input', () => BlockUserInput, { description: 'The person to block.' }) input: BlockUserInput, @Ctx() context: RequestContext): Promise<BlockUserPayload> {
    return { user: await blockUser(context.em, requireViewer(context), parseGlobalId(input.userId, 'User')) };
  }

  @Mutation(() => UnblockUserPayload, { description: 'Lifts the viewer’s block of a person.' })
  async unblockUser(@Arg('input', () => UnblockUserInput, { description: 'The person to unblock.' }) input: UnblockUserInput, @Ctx() context: RequestContext): Promise<UnblockUserPayload> {
    return { user: await unblockUser(context.em, requireViewer(context), parseGlobalId(input.userId, 'User')) };
  }

  @Mutation(() => ReportUserPayload, { description: 'Reports a person to the admins, with a reason.' })
  async reportUser(@Arg('input', () => ReportUserInput, { description: 'The person and the reason.' }) input: ReportUserInput, @Ctx() context: RequestContext): Promise<ReportUserPayload> {
    const conversationId = input.conversationId ? parseGlobalId(input.conversationId, 'Conversation') : null;
    return { user: await reportUser(context.em, requireViewer(context), parseGlobalId(input.userId, 'User'), input.reason, conversationId) };
  }

  @FieldResolver(() => [User], { description: 'The two people of the conversation (at most 2: exactly the viewer and one other person).' })
  async participants(@Root() conversation: Conversation, @Ctx() context: RequestContext): Promise<User[]> {
    const users = await Promise.all([loadUser(context.em, conversation.userLow.id), loadUser(context.em, conversation.userHigh.id)]);
    return users.filter((user): user is User => user !== null);
  }

  @FieldResolver(() => User, { description: 'The person the viewer writes to.' })
  otherParticipant(@Root() conversation: Conversation, @Ctx() context: RequestContext): Promise<User> {
    const viewer = requireViewer(context);
    return requireUser(context, otherParticipantId(conversation, viewer.user.id));
  }

  @FieldResolver(() => Job, { nullable: true, description: 'The job the conversation was started from; null when none, or when the viewer may no longer see it.' })
  job(@Root() conversation: Conversation, @Ctx() context: RequestContext): Promise<Job | null> | null {
    return conversation.contextJobId === null ? null : loadVisibleJob(context, conversation.contextJobId);
  }

  @FieldResolver(() => Project, { nullable: true, description: 'The project the conversation was started from; null when none, or when the viewer may no longer see it.' })
  project(@Root() conversation: Conversation, @Ctx() context: RequestContext): Promise<Project | null> | null {
    return conversation.contextProjectId === null ? null : loadVisibleProject(context, conversation.contextProjectId);
  }

  @FieldResolver(() => Message, { nullable: true, description: 'The newest message.' })
  lastMessage(@Root() conversation: Conversation, @Ctx() context: RequestContext): Promise<Message | null> | null {
    return conversation.lastMessageId === null ? null : loadMessage(context.em, conversation.lastMessageId);
  }

  @FieldResolver(() => Boolean, { description: 'The conversation holds a message the viewer has not read.' })
  async unread(@Root() conversation: Conversation, @Ctx() context: RequestContext): Promise<boolean> {
    const state = await loadReadState(context.em, conversation.id, requireViewer(context).user.id);
    return state !== null && state.lastMessageId > (state.lastReadMessageId ?? 0);
  }

  @FieldResolver(() => ConversationViewerCan, { description: 'What the viewer may do here: write, or lift their block.' })
  async viewerCan(@Root() conversation: Conversation, @Ctx() context: RequestContext): Promise<ConversationViewerCan> {
    const viewer = requireViewer(context);
    const otherId = otherParticipantId(conversation, viewer.user.id);
    const [block, other] = await Promise.all([loadBlockState(context.em, viewer.user.id, otherId), loadUser(context.em, otherId)]);
    return { sendMessage: other !== null && !block.viewerBlocked && !block.blockedViewer, unblock: block.viewerBlocked };
  }

  @FieldResolver(() => MessageConnection, { description: 'The messages, oldest first: `last: 30` gives the newest page, `before` pages back in time.' })
  messages(@Root() conversation: Conversation, @Args(() => PageArgs) page: PageArgs, @Ctx() context: RequestContext): Promise<Connection<Message>> {
    // A conversation reaches a client only through its people's queries, but its messages are checked here too.
    if (!isParticipant(context.viewer, conversation)) throw new NotFound(CONVERSATION_MESSAGES.conversationNotFound);
    return childConnection(context.em, CONVERSATION_MESSAGES_LIST, conversation.id, readKeysetPage(page));
  }
}

@Resolver(() => Message)
export class MessageResolver {
  @FieldResolver(() => User, { description: 'Who wrote it.' })
  sender(@Root() message: Message, @Ctx() context: RequestContext): Promise<User> {
    return requireUser(context, message.sender.id);
  }

  @FieldResolver(() => Boolean, { description: 'The viewer wrote it.' })
  fromViewer(@Root() message: Message, @Ctx() context: RequestContext): boolean {
    return context.viewer !== null && message.sender.id === context.viewer.user.id;
  }
}

/** The admins' list of reported people; anyone else is answered "not found", as in the rest of the admin area. */
@Resolver(() => UserReport)
export class UserReportResolver {
  @Query(() => UserReportConnection, { description: 'Admins only (anyone else: not found): people reported by others, newest report first; open reports only unless includeResolved.' })
  userReports(
    @Args(() => ForwardPageArgs) page: ForwardPageArgs,
    @Arg('includeResolved', () => Boolean, { defaultValue: false, description: 'Also list the reports admins resolved.' }) includeResolved: boolean,
    @Ctx() context: RequestContext,
  ): Promise<Connection<UserReport>> {
    requireAdminViewer(context.viewer);
    return listUserReports(context.em, readKeysetPage(page), includeResolved);
  }

  @Mutation(() => ResolveUserReportPayload, { description: 'Admins only (anyone else: not found): resolves an open report with what was done about it; a resolved report cannot be resolved again.' })
  async resolveUserReport(@Arg('input', () => ResolveUserReportInput, { description: 'The report and its outcome.' }) input: ResolveUserReportInput, @Ctx() context: RequestContext): Promise<ResolveUserReportPayload> {
    const admin = requireAdminViewer(context.viewer);
    return { userReport: await resolveUserReport(context.em, admin, parseGlobalId(input.userReportId, 'UserReport'), input.outcome) };
  }

  @FieldResolver(() => User, { nullable: true, description: 'The admin who resolved it; null while it is open, or once their account is gone.' })
  resolvedBy(@Root() report: UserReport, @Ctx() context: RequestContext): Promise<User | null> | null {
    return report.resolvedBy ? loadUser(context.em, report.resolvedBy.id) : null;
  }

  @FieldResolver(() => User, { nullable: true, description: 'Who reported; null once their account is gone.' })
  reporter(@Root() report: UserReport, @Ctx() context: RequestContext): Promise<User | null> | null {
    return report.reporter ? loadUser(context.em, report.reporter.id) : null;
  }

  @FieldResolver(() => User, { description: 'The person reported.' })
  reported(@Root() report: UserReport, @Ctx() context: RequestContext): Promise<User> {
    return requireUser(context, report.reported.id);
  }
}

/** A person's messaging fields, as the viewer sees them: the Message button and the block menu. */
@Resolver(() => User)
export class UserMessagingResolver {
  @FieldResolver(() => Boolean, { description: 'The viewer may write to this person: signed in, someone else, and neither blocked the other.' })
  async viewerCanMessage(@Root() user: User, @Ctx() context: RequestContext): Promise<boolean> {
    if (!context.viewer || context.viewer.user.id === user.id) return false;
    const block = await loadBlockState(context.em, context.viewer.user.id, user.id);
    return !block.viewerBlocked && !block.blockedViewer;
  }

  @FieldResolver(() => Boolean, { description: 'The viewer blocked this person.' })
  async viewerHasBlocked(@Root() user: User, @Ctx() context: RequestContext): Promise<boolean> {
    if (!context.viewer || context.viewer.user.id === user.id) return false;
    return (await loadBlockState(context.em, context.viewer.user.id, user.id)).viewerBlocked;
  }

  @FieldResolver(() => Int, { nullable: true, description: 'How many of the viewer’s conversations hold a message they have not read; null on anyone but the viewer.' })
  unreadConversationCount(@Root() user: User, @Ctx() context: RequestContext): Promise<number> | null {
    if (!context.viewer || context.viewer.user.id !== user.id) return null;
    return countUnreadConversations(context.em, user.id);
  }
}

/**
 * The unread conversation count rides on the notification count's subscription (one socket for
 * the bell and the messages badge): each event is counted afresh here, on the same connection.
 */
@Resolver(() => NotificationCounts)
export class NotificationCountsMessagesResolver {
  @FieldResolver(() => Int, { description: 'How many of the viewer’s conversations hold a message they have not read.' })
  unreadConversations(@Ctx() context: RequestContext): Promise<number> {
    return countUnreadConversations(context.em, requireViewer(context).user.id);
  }
}

/** The viewer's conversation list, live (docs/product.md §Messages). */
@Resolver()
export class ConversationSubscriptionResolver {
  @Subscription(() => Conversation, {
    description:
      'The viewer’s conversations as they change: a conversation each time a message is written in it, by either of its two people (from any of their devices), with its newest message. Nobody else hears of it.',
    subscribe: ({ context }) => {
      const ctx = context as RequestContext;
      // Checked before the stream starts, so a signed-out subscriber gets an ordinary GraphQL error.
      return conversationActivity(ctx, requireViewer(ctx));
    },
  })
  conversationActivity(@Root() conversation: Conversation): Conversation {
    return conversation;
  }
}
