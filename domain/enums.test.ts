import { describe, expect, it } from 'vitest';
import {
  AUDIT_ACTIONS,
  badgeLabels,
  CREDIT_REPORT_STATUS,
  isOneOf,
  NOTIFICATION_STATUS,
  POST_TYPE_LABELS,
  PostType,
  ROLE_FLAG_BADGES,
  RoleFlag,
  SEARCH_MODEL_NAMES,
  SPECIAL_ICON_TAG_TYPES,
  TagType,
  TEAM_MEMBER_ROLES,
  TEAM_MEMBER_STATUSES,
  TEAM_ONLY_POST_TYPES,
  TEAM_PLANS,
  UserType,
} from './enums.js';

describe('code tables', () => {
  it('number users, flags, posts and tags as stored', () => {
    expect(UserType).toEqual({ Company: 1, Creator: 2 });
    expect(RoleFlag).toEqual({ approved: 1, admin: 2, pro: 3, beta: 4, freePro: 5, enterprisePro: 6, teamPro: 7 });
    expect(PostType).toEqual({ Video: 1, Gif: 2, Image: 3, Text: 4, Story: 5 });
    expect(TagType).toEqual({ event: 1, client: 2, creator: 3, filetype: 4, tag: 5, location: 44 });
    expect(CREDIT_REPORT_STATUS).toEqual({ open: 1, closed: 0 });
  });

  it('label badges and post types', () => {
    expect(Object.values(ROLE_FLAG_BADGES).filter((label) => label !== null)).toEqual(['O.G.', 'Admin', 'PRO', 'Beta', 'Free PRO', 'Team PRO']);
    expect(ROLE_FLAG_BADGES[RoleFlag.enterprisePro]).toBeNull();
    expect(Object.values(POST_TYPE_LABELS)).toEqual(['Video', 'Gif', 'Image', 'Text', 'Story']);
    expect([...TEAM_ONLY_POST_TYPES]).toEqual([PostType.Story]);
  });

  it('lists a user’s badges in flag order, skipping unknown and badge-less flags', () => {
    expect(badgeLabels([RoleFlag.teamPro, RoleFlag.approved, RoleFlag.enterprisePro, 42])).toEqual(['O.G.', 'Team PRO']);
    expect(badgeLabels([])).toEqual([]);
  });

  it('gives event, filetype and location tags special icons', () => {
    expect([...SPECIAL_ICON_TAG_TYPES].sort((a, b) => a - b)).toEqual([1, 4, 44]);
  });

  it('spells the string tables as the spec does', () => {
    expect(TEAM_MEMBER_ROLES).toEqual(['manager', 'member', 'pro_only']);
    expect(TEAM_MEMBER_STATUSES).toEqual(['active', 'inactive', 'invited']);
    expect(TEAM_PLANS).toEqual(['starter', 'teams']);
    expect(NOTIFICATION_STATUS).toEqual({ new: 'new', seen: 'seen' });
    expect(AUDIT_ACTIONS).toEqual(['create', 'update', 'upsert', 'delete', 'read', 'list', 'login', 'logout', 'click', 'view', 'welcomed', 'featured', 'signinError', 'signupError']);
    expect(SEARCH_MODEL_NAMES).toEqual(['users', 'posts', 'tagValues', 'role', 'jobs', 'locations', 'postingAccounts', 'creatorSearch', 'exploreSearch', 'imageSearch']);
  });

  it('narrows outside strings to a table’s values', () => {
    expect(isOneOf(TEAM_MEMBER_ROLES, 'pro_only')).toBe(true);
    expect(isOneOf(TEAM_MEMBER_ROLES, 'owner')).toBe(false);
  });
});
