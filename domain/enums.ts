/**
 * Code tables of the product (docs/product.md). Numeric ones match the ids stored in the database;
 * each comes as a const object (for values) plus a type of the same name (for checks).
 */

export const UserType = { Company: 1, Creator: 2 } as const;
export type UserType = (typeof UserType)[keyof typeof UserType];

export const RoleFlag = {
  approved: 1,
  admin: 2,
  pro: 3,
  beta: 4,
  freePro: 5,
  enterprisePro: 6,
  teamPro: 7,
} as const;
export type RoleFlag = (typeof RoleFlag)[keyof typeof RoleFlag];

/**
 * Badge shown next to a user for each flag. Approved users are the early members, hence O.G.
 * enterprisePro has no badge: the spec lists six labels for seven flags and grants
 * enterprisePro nothing in its permission rules, so it is treated as a legacy flag that
 * stays invisible rather than inventing a label for it.
 */
export const ROLE_FLAG_BADGES: Readonly<Record<RoleFlag, string | null>> = {
  [RoleFlag.approved]: 'O.G.',
  [RoleFlag.admin]: 'Admin',
  [RoleFlag.pro]: 'PRO',
  [RoleFlag.beta]: 'Beta',
  [RoleFlag.freePro]: 'Free PRO',
  [RoleFlag.enterprisePro]: null,
  [RoleFlag.teamPro]: 'Team PRO',
};

/** Badge labels for a user's flags in flag order, skipping unknown flags and flags without a badge. */
export function badgeLabels(roleFlags: readonly number[]): string[] {
  return Object.values(RoleFlag)
    .filter((flag) => roleFlags.includes(flag))
    .map((flag) => ROLE_FLAG_BADGES[flag])
    .filter((label): label is string => label !== null);
}

export const PostType = { Video: 1, Gif: 2, Image: 3, Text: 4, Story: 5 } as const;
export type PostType = (typeof PostType)[keyof typeof PostType];

export const POST_TYPE_LABELS: Readonly<Record<PostType, string>> = {
  [PostType.Video]: 'Video',
  [PostType.Gif]: 'Gif',
  [PostType.Image]: 'Image',
  [PostType.Text]: 'Text',
  [PostType.Story]: 'Story',
};

/** Stories are only available to teams. */
export const TEAM_ONLY_POST_TYPES: ReadonlySet<PostType> = new Set([PostType.Story]);

export const TagType = { event: 1, client: 2, creator: 3, filetype: 4, tag: 5, location: 44 } as const;
export type TagType = (typeof TagType)[keyof typeof TagType];

/** Tag types that get their own icon in search results: event, filetype and location. */
export const SPECIAL_ICON_TAG_TYPES: ReadonlySet<number> = new Set([TagType.event, TagType.filetype, TagType.location]);

export const TEAM_MEMBER_ROLES = ['manager', 'member', 'pro_only'] as const;
export type TeamMemberRole = (typeof TEAM_MEMBER_ROLES)[number];

export const TEAM_MEMBER_STATUSES = ['active', 'inactive', 'invited'] as const;
export type TeamMemberStatus = (typeof TEAM_MEMBER_STATUSES)[number];

export const TEAM_PLANS = ['starter', 'teams'] as const;
export type TeamPlan = (typeof TEAM_PLANS)[number];

/** A team starts inactive (docs/product.md §Teams) and becomes active once paid for. */
export const TEAM_STATUSES = ['active', 'inactive'] as const;
export type TeamStatus = (typeof TEAM_STATUSES)[number];

export const AUDIT_ACTIONS = [
  'create',
  'update',
  'upsert',
  'delete',
  'read',
  'list',
  'login',
  'logout',
  'click',
  'view',
  'welcomed',
  'featured',
  'signinError',
  'signupError',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const SEARCH_MODEL_NAMES = [
  'users',
  'posts',
  'tagValues',
  'role',
  'jobs',
  'locations',
  'postingAccounts',
  'creatorSearch',
  'exploreSearch',
  'imageSearch',
] as const;
export type SearchModelName = (typeof SEARCH_MODEL_NAMES)[number];

export const NOTIFICATION_STATUS = { new: 'new', seen: 'seen' } as const;
export type NotificationStatus = (typeof NOTIFICATION_STATUS)[keyof typeof NOTIFICATION_STATUS];

/** A credit added by someone else waits for the credited person's consent; declined ones are kept so they are not asked again. */
export const CREDIT_STATUSES = ['pending', 'accepted', 'declined'] as const;
export type CreditStatus = (typeof CREDIT_STATUSES)[number];

export const CREDIT_REPORT_STATUS = { open: 1, closed: 0 } as const;
export type CreditReportStatus = (typeof CREDIT_REPORT_STATUS)[keyof typeof CREDIT_REPORT_STATUS];

/** Narrows a string from the outside world (a query, a JSON body) to one of a code table's values. */
export function isOneOf<T extends string>(values: readonly T[], value: string): value is T {
  return (values as readonly string[]).includes(value);
}
