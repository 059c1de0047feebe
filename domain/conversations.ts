/**
 * Messages between two people (docs/product.md §Messages). The spec is silent on them; the rules
 * follow what LinkedIn and Behance do: one conversation per pair of people (and per job or
 * project it was started from), plain text whose links are clickable, blocking and reporting a
 * person, and a daily limit on new conversations for accounts younger than a week, which keeps a
 * fresh spam account from writing to everyone. Server and client read the same rules.
 */

/** The longest message, in characters (about a page of text). */
export const MAX_MESSAGE_LENGTH = 5000;
/** The longest reason given when reporting a person. */
export const MAX_REPORT_REASON_LENGTH = 1000;
/** An account younger than this many days may start only a few conversations a day. */
export const NEW_ACCOUNT_DAYS = 7;
/** New conversations a young account may start in any 24 hours. */
export const NEW_ACCOUNT_DAILY_CONVERSATIONS = 10;
/** Messages anyone may send in any minute: more is a script, not a person typing. */
export const MESSAGES_PER_MINUTE = 30;
/** Messages a young account may send in any 24 hours, across all its conversations. */
export const NEW_ACCOUNT_DAILY_MESSAGES = 200;

const MINUTE_MS = 60 * 1000;

const DAY_MS = 24 * 60 * 60 * 1000;

export const CONVERSATION_MESSAGES = {
  bodyRequired: 'Write a message first.',
  bodyTooLong: `A message can be at most ${MAX_MESSAGE_LENGTH.toLocaleString('en-US')} characters.`,
  cannotMessage: "You can't message this person.",
  notYourself: "You can't message yourself.",
  dailyLimit: `New accounts can start at most ${NEW_ACCOUNT_DAILY_CONVERSATIONS} conversations a day. Try again tomorrow.`,
  minuteMessageLimit: "You're sending messages too fast. Please wait a minute and try again.",
  dailyMessageLimit: `New accounts can send at most ${NEW_ACCOUNT_DAILY_MESSAGES} messages a day. Try again tomorrow.`,
  conversationNotFound: 'Conversation not found',
  oneContext: 'Start a conversation from a job or a project, not both.',
  reasonRequired: 'Say why you are reporting this person.',
  reasonTooLong: `A reason can be at most ${MAX_REPORT_REASON_LENGTH.toLocaleString('en-US')} characters.`,
  notYourselfReport: "You can't report yourself.",
  notYourselfBlock: "You can't block yourself.",
  reportNotFound: 'Report not found',
  reportAlreadyResolved: 'This report is already resolved.',
} as const;

/** How an admin closed a report of a person (docs/product.md §Messages, "Reporting"). */
export const USER_REPORT_OUTCOMES = ['no_action', 'warned', 'suspended'] as const;
export type UserReportOutcome = (typeof USER_REPORT_OUTCOMES)[number];
export const USER_REPORT_OUTCOME_LABELS: Readonly<Record<UserReportOutcome, string>> = { no_action: 'No action', warned: 'Warned', suspended: 'Suspended' };

/** The body as stored (surrounding blank space dropped), or the message saying why it cannot be sent. */
export function checkMessageBody(raw: string): { body: string } | { error: string } {
  const body = raw.trim();
  if (body.length === 0) return { error: CONVERSATION_MESSAGES.bodyRequired };
  if (body.length > MAX_MESSAGE_LENGTH) return { error: CONVERSATION_MESSAGES.bodyTooLong };
  return { body };
}

/** The reason as stored, or the message saying why it cannot be one. */
export function checkUserReportReason(raw: string): { reason: string } | { error: string } {
  const reason = raw.trim();
  if (reason.length === 0) return { error: CONVERSATION_MESSAGES.reasonRequired };
  if (reason.length > MAX_REPORT_REASON_LENGTH) return { error: CONVERSATION_MESSAGES.reasonTooLong };
  return { reason };
}

/** Whether an account made at `createdAt` is still young at `now`, so the daily limit applies. */
export function isNewAccount(createdAt: Date, now: Date): boolean {
  return now.getTime() - createdAt.getTime() < NEW_ACCOUNT_DAYS * DAY_MS;
}

/** Since when new conversations count toward the daily limit: the last 24 hours. */
export function dailyLimitWindowStart(now: Date): Date {
  return new Date(now.getTime() - DAY_MS);
}

/**
 * Whether a person may start one more conversation: always for an account a week old or more,
 * otherwise while fewer than the daily number were started in the last 24 hours.
 */
export function mayStartAnotherConversation(account: { createdAt: Date }, startedInLastDay: number, now: Date): boolean {
  if (!isNewAccount(account.createdAt, now)) return true;
  return startedInLastDay < NEW_ACCOUNT_DAILY_CONVERSATIONS;
}

/** Since when sent messages count toward the per-minute limit. */
export function minuteLimitWindowStart(now: Date): Date {
  return new Date(now.getTime() - MINUTE_MS);
}

/**
 * Whether a person may send one more message, given how many they sent in the last minute and
 * the last 24 hours: the message that says why not, or null. The minute limit holds for everyone;
 * the daily one only for an account younger than a week.
 */
export function messageLimitRefusal(account: { createdAt: Date }, sent: { lastMinute: number; lastDay: number }, now: Date): string | null {
  if (sent.lastMinute >= MESSAGES_PER_MINUTE) return CONVERSATION_MESSAGES.minuteMessageLimit;
  if (isNewAccount(account.createdAt, now) && sent.lastDay >= NEW_ACCOUNT_DAILY_MESSAGES) return CONVERSATION_MESSAGES.dailyMessageLimit;
  return null;
}

/** The two people of a conversation in the order it is stored: lower id first. */
export function orderedPair(a: number, b: number): { low: number; high: number } {
  return a < b ? { low: a, high: b } : { low: b, high: a };
}
