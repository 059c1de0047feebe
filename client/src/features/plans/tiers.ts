import { BASE_SEATS, PLAN_TITLES } from '@domain/plans';

/** One tier of docs/product.md §Overview (free, PRO, Teams, business) and what it unlocks. */
export interface Tier {
  key: 'free' | 'pro' | 'teams' | 'business';
  name: string;
  summary: string;
  unlocks: readonly string[];
}

/** Prices are shown by the payment page itself; the tiers here say what each one opens. */
export const TIERS: readonly Tier[] = [
  {
    key: 'free',
    name: 'Free',
    summary: 'For everyone with a profile.',
    unlocks: ['Track links to social posts', 'Credit the people who made them', 'Your profile and portfolio', 'Lists of creators and posts', 'Notifications'],
  },
  {
    key: 'pro',
    name: 'PRO',
    summary: 'For one creator or brand, billed monthly.',
    unlocks: ['Everything in Free', 'Visual Match AI: search posts by image content', 'PRO pages and advanced search', 'The PRO badge on your profile'],
  },
  {
    key: 'teams',
    name: 'Teams',
    summary: `${PLAN_TITLES.teams} (${BASE_SEATS.teams} base seats) or ${PLAN_TITLES.starter} (${BASE_SEATS.starter} base seats); more seats can be added.`,
    unlocks: ['PRO for every member (Team PRO)', 'Shared accounts and managed accounts', 'Saved reports and creator stages', 'Job postings', 'Seats you can add as the team grows'],
  },
  {
    key: 'business',
    name: 'Business',
    summary: 'For brands and agencies working at scale.',
    unlocks: ['Everything in Teams', 'Company accounts and enterprise PRO', 'Invoiced billing', 'Onboarding and support from our team'],
  },
];
