import { ApolloClient, ApolloLink, InMemoryCache } from '@apollo/client';
import { CACHE_TYPE_POLICIES } from '@shell/cacheTypePolicies';
import { OperationTypeNode, type FormattedExecutionResult } from 'graphql';
import { Observable, Subject, catchError, from, of, throwError } from 'rxjs';
import type {
  AnnouncementPreviewQuery,
  AnnouncementsQuery,
  SendAnnouncementMutation,
  BlockUserMutation,
  ConversationQuery,
  ConversationsQuery,
  MarkConversationReadMutation,
  OlderMessagesQuery,
  ResolveUserReportMutation,
  SendMessageMutation,
  StartConversationMutation,
  UserReportsQuery,
  ManagerPostsCsvQuery,
  ManagerPostsQuery,
  RefreshPostStatsMutation,
  BulkImportPostsMutation,
  BulkImportQuery,
  RemoveFromMyPostsMutation,
  DashboardNotificationsQuery,
  DashboardPendingCreditsQuery,
  DashboardQuery,
  FeaturedCreatorsQuery,
  TestimonialsQuery,
  AcceptCreditMutation,
  AddCreditMutation,
  AddCreditOptionsQuery,
  AddToListMutation,
  AdminUsersQuery,
  GiveInvoicedProMutation,
  AuthViewerQuery,
  ClaimCreditMutation,
  CloseCreditReportMutation,
  CreditReportsQuery,
  CreateListMutation,
  CreatePersonalAccessTokenMutation,
  CreateBillingPortalSessionMutation,
  CreditCandidatesQuery,
  CreditClaimQuery,
  CreditItemFragment,
  DeclineCreditMutation,
  ListMembershipQuery,
  ListPageQuery,
  MarkNotificationsSeenMutation,
  NetworksQuery,
  NotificationsQuery,
  NotificationCountsChangedSubscription,
  NotificationCountsQuery,
  PersonalAccessTokensQuery,
  SettingsWebhooksQuery,
  WebhookDeliveriesQuery,
  CreateWebhookMutation,
  RotateWebhookSecretMutation,
  DeleteWebhookMutation,
  RedeliverWebhookDeliveryMutation,
  AdminUserAuditLogQuery,
  TeamSwitcherQuery,
  SwitchCurrentTeamMutation,
  SettingsAvailabilityQuery,
  PostByUrlQuery,
  PostCreditSuggestionsQuery,
  PostCreditsQuery,
  ProfilePostsQuery,
  ProfileQuery,
  PostQuery,
  RemoveCreditMutation,
  RemoveFromListMutation,
  RemoveLoginMethodMutation,
  ReportCreditMutation,
  RevokePersonalAccessTokenMutation,
  SignUpChooseUsernameMutation,
  SignUpFinishProfileMutation,
  SignUpUsernameCheckQuery,
  TrackPostMutation,
  ViewerListsQuery,
  ViewerLoginMethodsQuery,
  ViewerQuery,
  SettingsViewerQuery,
  SettingsUpdateMutation,
  SettingsSignOutOtherSessionsMutation,
  SettingsDeleteAccountMutation,
  InviteViewerQuery,
  InviteFriendMutation,
  RecordReferralMutation,
  TopSearchQuery,
  CreatorSearchCriteriaQuery,
  PostSearchCriteriaQuery,
  ExplorePostsQuery,
  CreatorSearchQuery,
  StatsSeriesQuery,
  SiteLinksQuery,
  ServiceStatusQuery,
  AcknowledgeTermsMutation,
  ProjectsListQuery,
  ProjectsPageExtrasQuery,
  CreateProjectMutation,
  RespondToProjectInvitationMutation,
  ProjectPageQuery,
  ProjectDetailsByIdQuery,
  ProjectCollaboratorsQuery,
  AddProjectCollaboratorMutation,
  ProjectOverviewResultsQuery,
  AnswerProjectInvitationMutation,
  TakeProjectCreditOfferMutation,
  ProjectInvitationClaimQuery,
  ClaimProjectInvitationMutation,
  BlogPostsQuery,
  BlogPostQuery,
  HelpArticlesQuery,
  HelpArticleQuery,
  JobsListQuery,
  JobPostingTeamsQuery,
  BrandJobsQuery,
  JobPageQuery,
  JobCreditChoicesQuery,
  JobApplicationsQuery,
  JobApplicationDetailsQuery,
  JobTeamProjectsQuery,
  JobTeamStagesQuery,
  SetPortfolioPostPlacementMutation,
  MovePinnedPortfolioPostMutation,
  AddJobApplicantToTeamBoardMutation,
  TeamJobsQuery,
  CreateJobMutation,
  UpdateJobMutation,
  ApplyToJobMutation,
  WithdrawJobApplicationMutation,
  SetJobApplicationStatusMutation,
  CommentOnJobApplicationMutation,
  EventPageQuery,
  EventPostsQuery,
  PostEventsQuery,
  EventChoicesQuery,
  AddPostEventMutation,
  RemovePostEventMutation,
  AdminEventsQuery,
  CreateEventMutation,
  UpdateEventMutation,
} from '@gql/graphql';

/**
 * An answer: the data itself, or a function of the operation's variables returning it
 * (or a promise of it, to hold the call open). A function may throw (or reject) to fail
 * the call: a `FakeGraphQLError` comes back as a GraphQL error, anything else as a
 * network failure.
 */
export type FakeAnswer<T> = T | ((variables: Record<string, unknown>) => T | Promise<T>);

/** What the fake server answers, per operation name. */
export interface FakeAnswers {
  Viewer?: FakeAnswer<ViewerQuery>;
  Networks?: FakeAnswer<NetworksQuery>;
  NotificationCounts?: FakeAnswer<NotificationCountsQuery>;
  Post?: FakeAnswer<PostQuery>;
  PostByUrl?: FakeAnswer<PostByUrlQuery>;
  TrackPost?: FakeAnswer<TrackPostMutation>;
  AuthViewer?: FakeAnswer<AuthViewerQuery>;
  SignUpUsernameCheck?: FakeAnswer<SignUpUsernameCheckQuery>;
  SignUpChooseUsername?: FakeAnswer<SignUpChooseUsernameMutation>;
  SignUpFinishProfile?: FakeAnswer<SignUpFinishProfileMutation>;
  ViewerLoginMethods?: FakeAnswer<ViewerLoginMethodsQuery>;
  RemoveLoginMethod?: FakeAnswer<RemoveLoginMethodMutation>;
  CreateBillingPortalSession?: FakeAnswer<CreateBillingPortalSessionMutation>;
  Notifications?: FakeAnswer<NotificationsQuery>;
  MarkNotificationsSeen?: FakeAnswer<MarkNotificationsSeenMutation>;
  AdminUsers?: FakeAnswer<AdminUsersQuery>;
  GiveInvoicedPro?: FakeAnswer<GiveInvoicedProMutation>;
  PersonalAccessTokens?: FakeAnswer<PersonalAccessTokensQuery>;
  CreatePersonalAccessToken?: FakeAnswer<CreatePersonalAccessTokenMutation>;
  RevokePersonalAccessToken?: FakeAnswer<RevokePersonalAccessTokenMutation>;
  SettingsWebhooks?: FakeAnswer<SettingsWebhooksQuery>;
  WebhookDeliveries?: FakeAnswer<WebhookDeliveriesQuery>;
  CreateWebhook?: FakeAnswer<CreateWebhookMutation>;
  RotateWebhookSecret?: FakeAnswer<RotateWebhookSecretMutation>;
  DeleteWebhook?: FakeAnswer<DeleteWebhookMutation>;
  RedeliverWebhookDelivery?: FakeAnswer<RedeliverWebhookDeliveryMutation>;
  AdminUserAuditLog?: FakeAnswer<AdminUserAuditLogQuery>;
  TeamSwitcher?: FakeAnswer<TeamSwitcherQuery>;
  SettingsAvailability?: FakeAnswer<SettingsAvailabilityQuery>;
  SwitchCurrentTeam?: FakeAnswer<SwitchCurrentTeamMutation>;
  PostCredits?: FakeAnswer<PostCreditsQuery>;
  AddCreditOptions?: FakeAnswer<AddCreditOptionsQuery>;
  CreditCandidates?: FakeAnswer<CreditCandidatesQuery>;
  AddCredit?: FakeAnswer<AddCreditMutation>;
  AcceptCredit?: FakeAnswer<AcceptCreditMutation>;
  DeclineCredit?: FakeAnswer<DeclineCreditMutation>;
  RemoveCredit?: FakeAnswer<RemoveCreditMutation>;
  CreditClaim?: FakeAnswer<CreditClaimQuery>;
  ClaimCredit?: FakeAnswer<ClaimCreditMutation>;
  ReportCredit?: FakeAnswer<ReportCreditMutation>;
  PostCreditSuggestions?: FakeAnswer<PostCreditSuggestionsQuery>;
  CreditReports?: FakeAnswer<CreditReportsQuery>;
  Announcements?: FakeAnswer<AnnouncementsQuery>;
  AnnouncementPreview?: FakeAnswer<AnnouncementPreviewQuery>;
  SendAnnouncement?: FakeAnswer<SendAnnouncementMutation>;
  CloseCreditReport?: FakeAnswer<CloseCreditReportMutation>;
  ViewerLists?: FakeAnswer<ViewerListsQuery>;
  ListPage?: FakeAnswer<ListPageQuery>;
  ListMembership?: FakeAnswer<ListMembershipQuery>;
  CreateList?: FakeAnswer<CreateListMutation>;
  AddToList?: FakeAnswer<AddToListMutation>;
  RemoveFromList?: FakeAnswer<RemoveFromListMutation>;
  SettingsViewer?: FakeAnswer<SettingsViewerQuery>;
  SettingsUpdate?: FakeAnswer<SettingsUpdateMutation>;
  SettingsSignOutOtherSessions?: FakeAnswer<SettingsSignOutOtherSessionsMutation>;
  SettingsDeleteAccount?: FakeAnswer<SettingsDeleteAccountMutation>;
  InviteViewer?: FakeAnswer<InviteViewerQuery>;
  InviteFriend?: FakeAnswer<InviteFriendMutation>;
  RecordReferral?: FakeAnswer<RecordReferralMutation>;
  Profile?: FakeAnswer<ProfileQuery>;
  ProfilePosts?: FakeAnswer<ProfilePostsQuery>;
  FeaturedCreators?: FakeAnswer<FeaturedCreatorsQuery>;
  Testimonials?: FakeAnswer<TestimonialsQuery>;
  Dashboard?: FakeAnswer<DashboardQuery>;
  DashboardPendingCredits?: FakeAnswer<DashboardPendingCreditsQuery>;
  DashboardNotifications?: FakeAnswer<DashboardNotificationsQuery>;
  ManagerPosts?: FakeAnswer<ManagerPostsQuery>;
  ManagerPostsCsv?: FakeAnswer<ManagerPostsCsvQuery>;
  RefreshPostStats?: FakeAnswer<RefreshPostStatsMutation>;
  BulkImportPosts?: FakeAnswer<BulkImportPostsMutation>;
  BulkImport?: FakeAnswer<BulkImportQuery>;
  RemoveFromMyPosts?: FakeAnswer<RemoveFromMyPostsMutation>;
  TopSearch?: FakeAnswer<TopSearchQuery>;
  CreatorSearchCriteria?: FakeAnswer<CreatorSearchCriteriaQuery>;
  PostSearchCriteria?: FakeAnswer<PostSearchCriteriaQuery>;
  ExplorePosts?: FakeAnswer<ExplorePostsQuery>;
  CreatorSearch?: FakeAnswer<CreatorSearchQuery>;
  StatsSeries?: FakeAnswer<StatsSeriesQuery>;
  SiteLinks?: FakeAnswer<SiteLinksQuery>;
  ServiceStatus?: FakeAnswer<ServiceStatusQuery>;
  AcknowledgeTerms?: FakeAnswer<AcknowledgeTermsMutation>;
  ProjectsList?: FakeAnswer<ProjectsListQuery>;
  ProjectsPageExtras?: FakeAnswer<ProjectsPageExtrasQuery>;
  CreateProject?: FakeAnswer<CreateProjectMutation>;
  RespondToProjectInvitation?: FakeAnswer<RespondToProjectInvitationMutation>;
  ProjectPage?: FakeAnswer<ProjectPageQuery>;
  ProjectDetailsById?: FakeAnswer<ProjectDetailsByIdQuery>;
  ProjectCollaborators?: FakeAnswer<ProjectCollaboratorsQuery>;
  AddProjectCollaborator?: FakeAnswer<AddProjectCollaboratorMutation>;
  ProjectOverviewResults?: FakeAnswer<ProjectOverviewResultsQuery>;
  AnswerProjectInvitation?: FakeAnswer<AnswerProjectInvitationMutation>;
  TakeProjectCreditOffer?: FakeAnswer<TakeProjectCreditOfferMutation>;
  ProjectInvitationClaim?: FakeAnswer<ProjectInvitationClaimQuery>;
  ClaimProjectInvitation?: FakeAnswer<ClaimProjectInvitationMutation>;
  BlogPosts?: FakeAnswer<BlogPostsQuery>;
  BlogPost?: FakeAnswer<BlogPostQuery>;
  HelpArticles?: FakeAnswer<HelpArticlesQuery>;
  HelpArticle?: FakeAnswer<HelpArticleQuery>;
  JobsList?: FakeAnswer<JobsListQuery>;
  JobPostingTeams?: FakeAnswer<JobPostingTeamsQuery>;
  BrandJobs?: FakeAnswer<BrandJobsQuery>;
  JobPage?: FakeAnswer<JobPageQuery>;
  JobCreditChoices?: FakeAnswer<JobCreditChoicesQuery>;
  JobApplications?: FakeAnswer<JobApplicationsQuery>;
  JobApplicationDetails?: FakeAnswer<JobApplicationDetailsQuery>;
  JobTeamProjects?: FakeAnswer<JobTeamProjectsQuery>;
  JobTeamStages?: FakeAnswer<JobTeamStagesQuery>;
  SetPortfolioPostPlacement?: FakeAnswer<SetPortfolioPostPlacementMutation>;
  MovePinnedPortfolioPost?: FakeAnswer<MovePinnedPortfolioPostMutation>;
  AddJobApplicantToTeamBoard?: FakeAnswer<AddJobApplicantToTeamBoardMutation>;
  TeamJobs?: FakeAnswer<TeamJobsQuery>;
  CreateJob?: FakeAnswer<CreateJobMutation>;
  UpdateJob?: FakeAnswer<UpdateJobMutation>;
  ApplyToJob?: FakeAnswer<ApplyToJobMutation>;
  WithdrawJobApplication?: FakeAnswer<WithdrawJobApplicationMutation>;
  SetJobApplicationStatus?: FakeAnswer<SetJobApplicationStatusMutation>;
  CommentOnJobApplication?: FakeAnswer<CommentOnJobApplicationMutation>;
  EventPage?: FakeAnswer<EventPageQuery>;
  EventPosts?: FakeAnswer<EventPostsQuery>;
  PostEvents?: FakeAnswer<PostEventsQuery>;
  EventChoices?: FakeAnswer<EventChoicesQuery>;
  AddPostEvent?: FakeAnswer<AddPostEventMutation>;
  RemovePostEvent?: FakeAnswer<RemovePostEventMutation>;
  AdminEvents?: FakeAnswer<AdminEventsQuery>;
  CreateEvent?: FakeAnswer<CreateEventMutation>;
  UpdateEvent?: FakeAnswer<UpdateEventMutation>;
  Conversations?: FakeAnswer<ConversationsQuery>;
  Conversation?: FakeAnswer<ConversationQuery>;
  StartConversation?: FakeAnswer<StartConversationMutation>;
  SendMessage?: FakeAnswer<SendMessageMutation>;
  MarkConversationRead?: FakeAnswer<MarkConversationReadMutation>;
  UserReports?: FakeAnswer<UserReportsQuery>;
  OlderMessages?: FakeAnswer<OlderMessagesQuery>;
  BlockUser?: FakeAnswer<BlockUserMutation>;
  ResolveUserReport?: FakeAnswer<ResolveUserReportMutation>;
}

/** A GraphQL error as the server sends it: the spec's message and an `extensions.code`. */
export class FakeGraphQLError extends Error {
  constructor(
    message: string,
    readonly code: 'BAD_USER_INPUT' | 'UNPROCESSABLE' | 'UNAUTHENTICATED' | 'CONFLICT' | 'NOT_FOUND' | 'INTERNAL_SERVER_ERROR' = 'BAD_USER_INPUT',
  ) {
    super(message);
  }
}

function asResult(error: unknown): Observable<FormattedExecutionResult> {
  if (error instanceof FakeGraphQLError) {
    return of({ data: null, errors: [{ message: error.message, extensions: { code: error.code } }] });
  }
  return throwError(() => error);
}

type Viewer = NonNullable<ViewerQuery['viewer']>;

export function viewerAnswer(viewer: Partial<Viewer> | null): ViewerQuery {
  return {
    __typename: 'Query',
    viewer: viewer && {
      __typename: 'User',
      id: '1',
      username: 'janedoe',
      name: 'Jane Doe',
      avatarUrl: null,
      isAdmin: false,
      termsAcknowledged: true,
      termsAcknowledgementNeeded: false,
      isMasquerading: false,
      isBusiness: false,
      canSeeBilling: false,
      viewerCan: { __typename: 'ViewerPermissions', seeProPages: false, seeAdmin: false, hasPaidAccess: false },
      ...viewer,
    },
  };
}

type Post = NonNullable<PostQuery['postByDatabaseId']>;

/** A post as the post page asks for it: an imported Instagram post with numbers (its credits: postCreditsAnswer). */
export function postAnswer(post: Partial<Post> | null = {}): PostQuery {
  return {
    __typename: 'Query',
    postByDatabaseId: post && {
      __typename: 'Post',
      id: 'UG9zdDoxMjM0',
      databaseId: 1234,
      url: 'https://www.instagram.com/p/CxYz123AbC/',
      caption: 'Summer campaign shoot',
      thumbnailUrl: '/media/posts/1234/640.jpg',
      type: 'IMAGE',
      isPrivate: false,
      isDeleted: false,
      postedAt: '2026-11-19T12:00:00.000Z',
      importedAt: '2026-11-20T12:00:00.000Z',
      importStatus: 'IMPORTED',
      network: { __typename: 'Network', id: 'TmV0d29yazoy', name: 'instagram', title: 'Instagram' },
      account: {
        __typename: 'SocialAccount',
        id: 'U29jaWFsQWNjb3VudDo3',
        handle: 'janedoe',
        displayName: 'Jane Doe',
        avatarUrl: null,
        profileUrl: 'https://www.instagram.com/janedoe',
        owner: null,
      },
      stats: {
        __typename: 'PostStats',
        views: 1500,
        likes: 2_300_000,
        comments: 999,
        shares: null,
        refreshedAt: '2026-11-21T12:00:00.000Z',
      },
      ...post,
    },
  };
}

type ProfileUser = ProfileQuery['userByUsername'];

/** A profile as its page asks for it: Jane Doe (the default viewer), a creator with one Director credit. */
export function profileAnswer(user: Partial<ProfileUser> = {}): ProfileQuery {
  return {
    __typename: 'Query',
    userByUsername: {
      __typename: 'User',
      id: '1',
      databaseId: 1,
      username: 'janedoe',
      name: 'Jane Doe',
      avatarUrl: null,
      userType: 'CREATOR',
      badges: [],
      availability: { __typename: 'Availability', openToWork: false, availableFrom: null, roles: [] },
      portfolio: {
        __typename: 'Portfolio',
        viewerCanArrange: false,
        bio: null,
        website: null,
        locationName: null,
        totals: { __typename: 'PortfolioTotals', posts: 1, views: 1500, likes: 20 },
        rolesHeld: [{ __typename: 'RoleHeld', postCount: 1, role: { __typename: 'CreditRole', id: 'Q3JlZGl0Um9sZTox', name: 'Director', emoji: '🎬' } }],
        socialAccounts: [],
        collaborators: [],
      },
      publicProjects: { __typename: 'ProfileProjectConnection', nodes: [] },
      ...user,
    },
    networks: [],
  };
}

/** A profile's grid with no posts in it (`userId`: the id its profileAnswer gave the user). */
export function profilePostsAnswer(userId = '1'): ProfilePostsQuery {
  return {
    __typename: 'Query',
    userByUsername: {
      __typename: 'User',
      id: userId,
      portfolio: {
        __typename: 'Portfolio',
        creditedPosts: { __typename: 'PortfolioPostConnection', edges: [], pageInfo: { __typename: 'PageInfo', hasNextPage: false, endCursor: null } },
      },
    },
  };
}

/** A credit as the credits panel asks for it: Jane Doe as Director, accepted, nothing for the viewer to do. */
export function creditAnswer(id = 'Q3JlZGl0OjE=', fields: Partial<CreditItemFragment> = {}): CreditItemFragment {
  return {
    __typename: 'Credit',
    id,
    status: 'ACCEPTED',
    role: { __typename: 'CreditRole', id: 'Q3JlZGl0Um9sZTox', name: 'Director', emoji: '🎬' },
    user: { __typename: 'User', id: 'VXNlcjox', username: 'janedoe', name: 'Jane Doe', avatarUrl: null },
    addedBy: null,
    invitee: null,
    viewerCan: { __typename: 'CreditViewerCan', accept: false, decline: false, remove: false, report: false },
    ...fields,
  };
}

/** postAnswer's post as the credits panel asks for it, with these credits. */
export function postCreditsAnswer(
  credits: CreditItemFragment[] = [creditAnswer()],
  { addCredit = true, signedIn = true }: { addCredit?: boolean; signedIn?: boolean } = {},
): PostCreditsQuery {
  return {
    __typename: 'Query',
    viewer: signedIn ? { __typename: 'User', id: 'VXNlcjox' } : null,
    postByDatabaseId: {
      __typename: 'Post',
      id: 'UG9zdDoxMjM0',
      viewerCan: { __typename: 'PostViewerCan', addCredit },
      credits: { __typename: 'CreditConnection', nodes: credits },
    },
  };
}

export function notificationCountsAnswer(count: number, unreadConversations = 0): NotificationCountsQuery {
  return { __typename: 'Query', notificationCounts: { __typename: 'NotificationCounts', new: count, unreadConversations } };
}

/** Byline's own shop and social profiles as a server configured with them answers. */
export const SITE_LINKS = {
  merch: 'https://shop.byline.test/',
  socialProfiles: [
    { network: 'Instagram', url: 'https://www.instagram.com/byline.test/' },
    { network: 'YouTube', url: 'https://www.youtube.com/@byline.test' },
  ],
} as const;

/**
 * What every page asks whatever the test is about (the footer's outside links): a server with no
 * outside address set, unless the test answers otherwise; and a project overview's results,
 * nothing published yet.
 */
const DEFAULT_ANSWERS: FakeAnswers = { SiteLinks: () => siteLinksAnswer({ merch: null, socialProfiles: [] }), ProjectOverviewResults: (variables) => projectResultsAnswer(String(variables.id)) };

/** The menu's team switcher for a viewer on no team (it then shows none), the same viewer as viewerAnswer's. */
export function noTeamsToSwitch(viewerId: string | null = '1'): TeamSwitcherQuery {
  return { __typename: 'Query', viewer: viewerId === null ? null : { __typename: 'User', id: viewerId, currentTeamId: null }, viewerTeams: { __typename: 'TeamMemberConnection', nodes: [] } };
}

/**
 * The settings page's availability for the signed-in viewer, so a test that is not about it need
 * not give it: nothing set. It names the same viewer as the Viewer answer (the cache shares
 * `viewer`: another one would sign the page out).
 */
async function defaultAvailability(answers: FakeAnswers): Promise<SettingsAvailabilityQuery> {
  const viewerAnswer = answers.Viewer;
  const viewer = viewerAnswer === undefined ? null : (await (typeof viewerAnswer === 'function' ? viewerAnswer({}) : viewerAnswer)).viewer;
  return { __typename: 'Query', viewer: viewer ? { __typename: 'User', id: viewer.id, availability: { __typename: 'Availability', openToWork: false, availableFrom: null, roles: [] } } : null };
}

/** A project's results as the overview asks for them (nothing published by default). */
export function projectResultsAnswer(projectId: string, results: { publishedPosts: number; views: number; likes: number } = { publishedPosts: 0, views: 0, likes: 0 }): ProjectOverviewResultsQuery {
  return { __typename: 'Query', node: { __typename: 'Project', id: projectId, results: { __typename: 'ProjectResults', ...results } } };
}

/** The site-links answer: a server with the addresses above, or with those given (none set, say). */
export function siteLinksAnswer(links: { merch: string | null; appStore?: string | null; playStore?: string | null; socialProfiles: ReadonlyArray<{ network: string; url: string }> } = SITE_LINKS): SiteLinksQuery {
  const socialProfiles = links.socialProfiles.map((profile) => ({ __typename: 'SocialProfileLink' as const, ...profile }));
  return { __typename: 'Query', siteLinks: { __typename: 'SiteLinks', merch: links.merch, appStore: links.appStore ?? null, playStore: links.playStore ?? null, socialProfiles } };
}

/** Subscriptions a test may push events on; see `createFakeGraphQL`. */
const PUSHABLE_SUBSCRIPTIONS = new Set(['ConversationActivity']);

/**
 * A client-side stand-in for the GraphQL server: an Apollo link that answers queries
 * from `answers` and lets a test push subscription events. Records every operation.
 */
export function createFakeGraphQL(answers: FakeAnswers) {
  const requests: string[] = [];
  /** Each operation's own call timeout (its `timeoutMs` context), by operation name: undefined means the 30 s default. */
  const callTimeouts = new Map<string, number | undefined>();
  const notificationEvents = new Subject<FormattedExecutionResult<NotificationCountsChangedSubscription>>();
  let notificationSubscribers = 0;
  /**
   * The other subscriptions a test can push events on, by operation name (`pushSubscription`).
   * Any subscription not listed fails at once, as with no socket: pages then fall back to
   * polling, which tests such as the Content Manager's bulk import rely on.
   */
  const otherEvents = new Map<string, Subject<FormattedExecutionResult<Record<string, unknown>>>>();
  const eventsOf = (name: string) => {
    let events = otherEvents.get(name);
    if (!events) otherEvents.set(name, (events = new Subject()));
    return events;
  };

  const link = new ApolloLink((operation) => {
    const name = operation.operationName ?? '';
    requests.push(name);
    callTimeouts.set(name, (operation.getContext() as { timeoutMs?: number }).timeoutMs);

    if (operation.operationType === OperationTypeNode.SUBSCRIPTION) {
      if (PUSHABLE_SUBSCRIPTIONS.has(name)) return new Observable((subscriber) => eventsOf(name).subscribe(subscriber));
      if (name !== 'NotificationCountsChanged') return throwError(() => new Error(`No fake for ${name}`));
      return new Observable((subscriber) => {
        notificationSubscribers++;
        const subscription = notificationEvents.subscribe(subscriber);
        return () => {
          notificationSubscribers--;
          subscription.unsubscribe();
        };
      });
    }

    if (name === 'SettingsAvailability' && answers.SettingsAvailability === undefined) return from(defaultAvailability(answers).then((data) => ({ data })));
    const answer = answers[name as keyof FakeAnswers] ?? DEFAULT_ANSWERS[name as keyof FakeAnswers];
    if (answer === undefined) return throwError(() => new Error(`No fake for ${name}`));
    try {
      const data = typeof answer === 'function' ? answer(operation.variables) : answer;
      if (data instanceof Promise) return from(data.then((value) => ({ data: value }))).pipe(catchError(asResult));
      return of({ data });
    } catch (error) {
      return asResult(error);
    }
  });

  const client = new ApolloClient({ link, cache: new InMemoryCache({ typePolicies: CACHE_TYPE_POLICIES }) });

  return {
    client,
    requests,
    callTimeouts,
    /** Emit new counts on the live notification subscription. */
    pushNotificationCount(count: number, unreadConversations = 0) {
      notificationEvents.next({
        data: { notificationCounts: { __typename: 'NotificationCounts', new: count, unreadConversations } },
      });
    },
    /** Emit an event on another live subscription (by its operation name). */
    pushSubscription(name: string, data: Record<string, unknown>) {
      eventsOf(name).next({ data });
    },
    /** Whether anything listens on a subscription other than the notification counts. */
    isSubscribed(name: string): boolean {
      return otherEvents.get(name)?.observed ?? false;
    },
    get notificationSubscribers() {
      return notificationSubscribers;
    },
  };
}
