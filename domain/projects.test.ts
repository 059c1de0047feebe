import { describe, expect, it } from 'vitest';
import {
  checkProjectName,
  isProjectPublicId,
  MAX_PROJECT_SLUG_LENGTH,
  parseProjectAddress,
  PROJECT_MESSAGES,
  projectAbilities,
  projectAccess,
  projectPath,
  projectPublicIdFrom,
  projectTabOf,
  slugifyProjectName,
  type ProjectAccessFacts,
} from './projects.js';

describe('slugifyProjectName', () => {
  it('keeps lower-case ASCII words joined by hyphens', () => {
    expect(slugifyProjectName('Café Noir — Spring ’27')).toBe('cafe-noir-spring-27');
    expect(slugifyProjectName("  Nike  Air   Max's launch ")).toBe('nike-air-maxs-launch');
  });

  it('gives "project" to a name with no letters or digits', () => {
    expect(slugifyProjectName('🎬🎬')).toBe('project');
  });

  it('cuts long names at a word', () => {
    const slug = slugifyProjectName('word '.repeat(40));
    expect(slug.length).toBeLessThanOrEqual(MAX_PROJECT_SLUG_LENGTH);
    expect(slug.endsWith('-')).toBe(false);
    expect(slugifyProjectName('x'.repeat(100))).toHaveLength(MAX_PROJECT_SLUG_LENGTH);
  });
});

describe('public ids and paths', () => {
  it('makes 10-character ids that pass the check', () => {
    const id = projectPublicIdFrom(Array.from({ length: 10 }, (_, index) => index * 37));
    expect(id).toHaveLength(10);
    expect(isProjectPublicId(id)).toBe(true);
  });

  it('refuses anything else', () => {
    expect(isProjectPublicId('short')).toBe(false);
    expect(isProjectPublicId('abcdefghi0')).toBe(false); // 0 is not in the alphabet
    expect(isProjectPublicId("abc'; drop")).toBe(false);
    expect(() => projectPublicIdFrom([1, 2])).toThrow(RangeError);
  });

  it('builds the page address', () => {
    expect(projectPath('abcdefghij', 'spring-campaign')).toBe('/projects/abcdefghij~spring-campaign');
  });

  it('reads an address back, whatever its slug', () => {
    expect(parseProjectAddress('abcdefghij~spring-campaign')).toEqual({ publicId: 'abcdefghij', slug: 'spring-campaign' });
    expect(parseProjectAddress('abcdefghij~')).toEqual({ publicId: 'abcdefghij', slug: null });
    expect(parseProjectAddress('abcdefghij')).toEqual({ publicId: 'abcdefghij', slug: null });
    expect(parseProjectAddress('abc~spring')).toBeNull();
    expect(parseProjectAddress('')).toBeNull();
  });

  it('names the tab of a sub path', () => {
    expect(projectTabOf('')).toBe('');
    expect(projectTabOf('costs')).toBe('costs');
    expect(projectTabOf('deliverables/12')).toBe('deliverables');
    expect(projectTabOf('budget')).toBeNull();
  });
});

describe('checkProjectName', () => {
  it('tidies spaces and refuses empty or long names', () => {
    expect(checkProjectName('  Spring   shoot ')).toEqual({ name: 'Spring shoot' });
    expect(checkProjectName('   ')).toEqual({ error: PROJECT_MESSAGES.nameRequired });
    expect(checkProjectName('x'.repeat(121))).toEqual({ error: PROJECT_MESSAGES.nameTooLong });
  });
});

describe('projectAccess', () => {
  const personal = { ownerUserId: 1, ownerTeamId: null, visibility: 'private' } as const;
  const teamOwned = { ownerUserId: null, ownerTeamId: 9, visibility: 'private' } as const;
  const facts = (overrides: Partial<ProjectAccessFacts>): ProjectAccessFacts => ({
    viewer: { userId: 2, isAdmin: false },
    project: personal,
    collaborator: null,
    teamMembership: null,
    ...overrides,
  });

  it('makes the owning person an owner and a stranger nobody', () => {
    expect(projectAccess(facts({ viewer: { userId: 1, isAdmin: false } }))).toBe('owner');
    expect(projectAccess(facts({}))).toBe('none');
    expect(projectAccess(facts({ viewer: null }))).toBe('none');
  });

  it('gives accepted collaborators their permission, pending and declined ones nothing', () => {
    expect(projectAccess(facts({ collaborator: { permission: 'editor', status: 'accepted' } }))).toBe('editor');
    expect(projectAccess(facts({ collaborator: { permission: 'viewer', status: 'accepted' } }))).toBe('viewer');
    expect(projectAccess(facts({ collaborator: { permission: 'owner', status: 'pending' } }))).toBe('none');
    expect(projectAccess(facts({ collaborator: { permission: 'owner', status: 'declined' } }))).toBe('none');
  });

  it('follows the owning team: managers own, active members view, pro_only seats see nothing', () => {
    const on = (role: 'manager' | 'member' | 'pro_only', status: 'active' | 'invited' | 'inactive' = 'active') =>
      projectAccess(facts({ project: teamOwned, teamMembership: { role, status } }));
    expect(on('manager')).toBe('owner');
    expect(on('member')).toBe('viewer');
    expect(on('pro_only')).toBe('none');
    expect(on('manager', 'inactive')).toBe('none');
    expect(on('member', 'invited')).toBe('none');
  });

  it('takes the strongest grant', () => {
    expect(projectAccess(facts({ project: teamOwned, teamMembership: { role: 'member', status: 'active' }, collaborator: { permission: 'editor', status: 'accepted' } }))).toBe('editor');
  });

  it('lets admins read but not change', () => {
    expect(projectAccess(facts({ viewer: { userId: 2, isAdmin: true } }))).toBe('viewer');
  });

  it('opens public projects to anyone, signed out included, without costs', () => {
    const open = { ...personal, visibility: 'public' } as const;
    expect(projectAccess(facts({ viewer: null, project: open }))).toBe('public');
    expect(projectAccess(facts({ project: open }))).toBe('public');
    expect(projectAbilities('public')).toEqual({ see: true, edit: false, manageCollaborators: false, seeCosts: false });
  });

  it('maps levels to abilities', () => {
    expect(projectAbilities('owner')).toEqual({ see: true, edit: true, manageCollaborators: true, seeCosts: true });
    expect(projectAbilities('editor')).toEqual({ see: true, edit: true, manageCollaborators: false, seeCosts: true });
    expect(projectAbilities('viewer')).toEqual({ see: true, edit: false, manageCollaborators: false, seeCosts: false });
    expect(projectAbilities('none').see).toBe(false);
  });
});
