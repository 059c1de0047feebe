/** What the teams module tells people, in one place (the spec's words where it has them, domain/messages.ts). */
export const TEAM_MESSAGES = {
  teamNotFound: 'That team was not found.',
  nameRequired: 'Please enter a team name.',
  nameTooLong: 'A team name can be at most 120 characters.',
  adminsOnlyMakeMeManager: 'Only admins can choose Make me the manager.',
  adminsOnlyActive: 'Only admins can create a team that is already active.',
  managersOnly: 'Only the team’s managers can do that.',
  lastManager: 'A team needs a manager: make someone else a manager first.',
  memberNotFound: 'That member was not found.',
  invitationUnknown: 'Sorry that code is invalid or expired!',
  invitationUsed: 'That invitation has already been used. Ask the team’s manager for a new one if you still need to join.',
  invitationExpired: 'That invitation has expired. Ask the team’s manager to send a new one.',
  invitationForeign: 'That invitation was sent to another email address. Sign in with that address to accept it.',
  alreadyMember: 'That person is already on the team.',
  accountNotFound: 'That social account was not found.',
  stageNotFound: 'That stage was not found.',
  stageNameRequired: 'Please enter a stage name.',
  stageNotEmpty: 'Move the creators off this stage before deleting it.',
  tooManyStages: 'A board can have at most 20 stages.',
  creatorNotFound: 'That creator is not on the team’s board.',
  commentRequired: 'Please write a comment.',
  commentTooLong: 'A comment can be at most 2000 characters.',
  reportNotFound: 'That report was not found.',
  reportNameRequired: 'Please enter a report name.',
  reportItemsRequired: 'Choose at least one post or account for the report.',
} as const;

/** The plans' base seats (docs/product.md §Teams); what to say when they are all taken names the plan's limit. */
export function seatLimitMessage(planTitle: string, seats: number): string {
  return `All ${seats} seats of the ${planTitle} are taken. Add seats on the team’s billing page to invite more people.`;
}
