import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261121000000Initial } from './Migration20261121000000Initial.js';
import { Migration20261121010000PostImport } from './Migration20261121010000PostImport.js';
import { Migration20261122000000Accounts } from './Migration20261122000000Accounts.js';
import { Migration20261122010000Billing } from './Migration20261122010000Billing.js';
import { Migration20261122020000AccountLookups } from './Migration20261122020000AccountLookups.js';
import { Migration20261122030000AdminUserSearch } from './Migration20261122030000AdminUserSearch.js';
import { Migration20261123010000ExpiryPurge } from './Migration20261123010000ExpiryPurge.js';
import { Migration20261123020000PubSubPayloads } from './Migration20261123020000PubSubPayloads.js';
import { Migration20261125010000GraphQLCostBudgets } from './Migration20261125010000GraphQLCostBudgets.js';
import { Migration20261125020000GraphQLCache } from './Migration20261125020000GraphQLCache.js';
import { Migration20261125030000Webhooks } from './Migration20261125030000Webhooks.js';
import { Migration20261125040000TokenScopes } from './Migration20261125040000TokenScopes.js';
import { Migration20261125050000CreditsConsentProfiles } from './Migration20261125050000CreditsConsentProfiles.js';
import { Migration20261125080000ProfileIndexes } from './Migration20261125080000ProfileIndexes.js';
import { Migration20261125130000TeamsWork } from './Migration20261125130000TeamsWork.js';
import { Migration20261125120000StripeSubscriptions } from './Migration20261125120000StripeSubscriptions.js';
import { Migration20261125070000CreditReportOutcomes } from './Migration20261125070000CreditReportOutcomes.js';
import { Migration20261125060000CreditNotifications } from './Migration20261125060000CreditNotifications.js';
import { Migration20261125110000Lists } from './Migration20261125110000Lists.js';
import { Migration20261125100000SocialAccountVerifications } from './Migration20261125100000SocialAccountVerifications.js';
import { Migration20261125090000SettingsAvatarsInvites } from './Migration20261125090000SettingsAvatarsInvites.js';

/** Every migration, in order. Listed explicitly so sources and dist/ run the same set. */
export const MIGRATIONS: MigrationObject[] = [
  { name: 'Migration20261121000000Initial', class: Migration20261121000000Initial },
  { name: 'Migration20261121010000PostImport', class: Migration20261121010000PostImport },
  { name: 'Migration20261122000000Accounts', class: Migration20261122000000Accounts },
  { name: 'Migration20261122010000Billing', class: Migration20261122010000Billing },
  { name: 'Migration20261122020000AccountLookups', class: Migration20261122020000AccountLookups },
  { name: 'Migration20261122030000AdminUserSearch', class: Migration20261122030000AdminUserSearch },
  { name: 'Migration20261123010000ExpiryPurge', class: Migration20261123010000ExpiryPurge },
  { name: 'Migration20261123020000PubSubPayloads', class: Migration20261123020000PubSubPayloads },
  { name: 'Migration20261125010000GraphQLCostBudgets', class: Migration20261125010000GraphQLCostBudgets },
  { name: 'Migration20261125020000GraphQLCache', class: Migration20261125020000GraphQLCache },
  { name: 'Migration20261125030000Webhooks', class: Migration20261125030000Webhooks },
  { name: 'Migration20261125040000TokenScopes', class: Migration20261125040000TokenScopes },
  { name: 'Migration20261125050000CreditsConsentProfiles', class: Migration20261125050000CreditsConsentProfiles },
  { name: 'Migration20261125080000ProfileIndexes', class: Migration20261125080000ProfileIndexes },
  { name: 'Migration20261125060000CreditNotifications', class: Migration20261125060000CreditNotifications },
  { name: 'Migration20261125070000CreditReportOutcomes', class: Migration20261125070000CreditReportOutcomes },
  { name: 'Migration20261125110000Lists', class: Migration20261125110000Lists },
  { name: 'Migration20261125100000SocialAccountVerifications', class: Migration20261125100000SocialAccountVerifications },
  { name: 'Migration20261125120000StripeSubscriptions', class: Migration20261125120000StripeSubscriptions },
  { name: 'Migration20261125090000SettingsAvatarsInvites', class: Migration20261125090000SettingsAvatarsInvites },
  { name: 'Migration20261125130000TeamsWork', class: Migration20261125130000TeamsWork },
];
