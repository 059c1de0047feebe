/** Inviting friends (/invite): the shared link and its limits, the same on server and client. */

/** Invitations one person may mail per day: enough for a real circle of friends, too few to spam with. */
export const INVITES_PER_DAY = 20;

/** The query parameter of the sign-up link that credits the inviter (their username). */
export const INVITED_BY_PARAM = 'invitedBy';

/** `/signup?invitedBy={username}`: whoever signs up through it is recorded as invited by that person. */
export function inviteLinkPath(username: string): string {
  return `/signup?${new URLSearchParams({ [INVITED_BY_PARAM]: username }).toString()}`;
}

/** How long after signing up a new account may still say whose invite link brought it (a Google or Twitter sign-up says it once back in the app). */
export const REFERRAL_WINDOW_HOURS = 24;

export const INVITE_MESSAGES = {
  referralTooLate: `An invitation can only be recorded within ${REFERRAL_WINDOW_HOURS} hours of signing up.`,
  usernameFirst: 'Choose a username in your settings before inviting friends.',
  ownAddress: 'That is your own email address.',
  alreadyMember: 'That person is already on Byline.',
  dailyLimit: `You can invite up to ${INVITES_PER_DAY} friends a day. Please try again tomorrow.`,
  sendFailed: 'The invitation could not be sent. Please try again later.',
} as const;
