import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RoleFlag } from '../../../../domain/enums.js';
import { AVATAR_MAX_BYTES, SETTINGS_MESSAGES } from '../../../../domain/profile-settings.js';
import { CONCEPT_MESSAGES } from '../../../../domain/project-concepts.js';
import { PROJECT_MESSAGES } from '../../../../domain/projects.js';
import { toGlobalId } from '../../graphql/global-id.js';
import { createTestDatabase, type TestDatabase } from '../../test-support/database.js';
import { createTeam, createUser } from '../../test-support/factories.js';
import { startFixtureNetworks, type FixtureNetworks } from '../../test-support/fixture-networks/fixture-network-server.js';
import { queryRows } from '../../test-support/sql.js';
import { graphql, startTestServer, type GraphQLResponse, type TestServer } from '../../test-support/test-server.js';
import { createPersonalAccessToken } from '../auth/index.js';
import type { User } from '../users/index.js';
import { dataOf, errorOf } from './projects.test-support.js';

let database: TestDatabase;
let fixtures: FixtureNetworks;
let server: TestServer;

beforeAll(async () => {
  database = await createTestDatabase();
  fixtures = await startFixtureNetworks();
  // A generous fast path: the fixture network answers at once, so a post concept's post is there on the answer.
  server = await startTestServer(database.url, { scraperBaseUrl: fixtures.baseUrl, importFastPathMs: 20_000 });
});

afterAll(async () => {
  await server?.stop();
  await fixtures?.close();
  await database?.drop();
});

const TIKTOK = 'https://www.tiktok.com/@maya.makes/video/7301234567890123456';
const CONCEPT_FIELDS = 'id databaseId kind caption note position postUrl pictureUrl(width: 80) post { databaseId caption thumbnailUrl(width: 160) }';
const BOARD = `query($publicId: String!, $first: Int, $after: String) { projectByAddress(publicId: $publicId) { project { viewerCan { edit } concepts(first: $first, after: $after) { totalCount pageInfo { hasNextPage endCursor } nodes { ${CONCEPT_FIELDS} } } } } }`;
const ADD_NOTE = `mutation($input: AddProjectConceptNoteInput!) { addProjectConceptNote(input: $input) { concept { ${CONCEPT_FIELDS} } } }`;
const ADD_POST = `mutation($input: AddProjectConceptPostInput!) { addProjectConceptPost(input: $input) { concept { ${CONCEPT_FIELDS} } } }`;
const UPDATE = `mutation($input: UpdateProjectConceptInput!) { updateProjectConcept(input: $input) { concept { ${CONCEPT_FIELDS} } } }`;
const DELETE = 'mutation($input: DeleteProjectConceptInput!) { deleteProjectConcept(input: $input) { deletedConceptId project { id } } }';
const MOVE = 'mutation($input: MoveProjectConceptInput!) { moveProjectConcept(input: $input) { concept { id position } project { id } } }';
const NODE = 'query($id: ID!) { node(id: $id) { id ... on ProjectConcept { kind } } }';

interface ConceptView {
  id: string;
  databaseId: number;
  kind: string;
  caption: string | null;
  note: string | null;
  position: number;
  postUrl: string | null;
  pictureUrl: string | null;
  post: { databaseId: number; caption: string | null; thumbnailUrl: string | null } | null;
}
interface Board {
  viewerCan: { edit: boolean };
  concepts: { totalCount: number; pageInfo: { hasNextPage: boolean; endCursor: string | null }; nodes: ConceptView[] };
}
interface Person {
  user: User;
  token: string;
}
interface ProjectRef {
  id: string;
  databaseId: number;
  publicId: string;
}

async function person(fields: Partial<Pick<User, 'roleFlags'>> = {}): Promise<Person> {
  const user = await createUser(server.orm.em.fork(), fields);
  return { user, token: server.tokenFor(user.id) };
}

function ask<T = Record<string, unknown>>(who: Person | undefined, query: string, variables: Record<string, unknown>): Promise<GraphQLResponse<T>> {
  return graphql<T>(server, query, { token: who?.token, variables });
}

async function createProject(owner: Person, input: Record<string, unknown> = {}): Promise<ProjectRef> {
  const response = await ask<{ createProject: { project: ProjectRef } }>(owner, 'mutation($input: CreateProjectInput!) { createProject(input: $input) { project { id databaseId publicId } } }', { input: { name: 'Moodboard', ...input } });
  return dataOf(response).createProject.project;
}

/** Someone invited with `permission` who accepted. */
async function joined(owner: Person, project: ProjectRef, permission: 'OWNER' | 'EDITOR' | 'VIEWER'): Promise<Person> {
  const member = await person();
  const invited = dataOf(
    await ask<{ addProjectCollaborator: { collaborator: { id: string } } }>(owner, 'mutation($input: AddProjectCollaboratorInput!) { addProjectCollaborator(input: $input) { collaborator { id } } }', {
      input: { projectId: project.id, userId: toGlobalId('User', member.user.id), roleId: toGlobalId('CreditRole', 1), permission },
    }),
  ).addProjectCollaborator.collaborator;
  dataOf(await ask(member, 'mutation($input: RespondToProjectInvitationInput!) { respondToProjectInvitation(input: $input) { collaborator { id } } }', { input: { collaboratorId: invited.id, accept: true } }));
  return member;
}

async function board(who: Person | undefined, project: ProjectRef, first = 50): Promise<Board | null> {
  return dataOf(await ask<{ projectByAddress: { project: Board } | null }>(who, BOARD, { publicId: project.publicId, first })).projectByAddress?.project ?? null;
}

async function order(project: ProjectRef, owner: Person): Promise<Array<string | null>> {
  return (await board(owner, project))!.concepts.nodes.map((concept) => concept.note);
}

const addNote = (who: Person | undefined, project: ProjectRef, note: string, caption?: string) => ask<{ addProjectConceptNote: { concept: ConceptView } }>(who, ADD_NOTE, { input: { projectId: project.id, note, caption } });
const update = (who: Person | undefined, conceptId: string, changes: Record<string, unknown>) => ask<{ updateProjectConcept: { concept: ConceptView } }>(who, UPDATE, { input: { conceptId, ...changes } });
const move = (who: Person | undefined, conceptId: string, afterConceptId: string | null) => ask<{ moveProjectConcept: { concept: { position: number } } }>(who, MOVE, { input: { conceptId, afterConceptId } });
const remove = (who: Person | undefined, conceptId: string) => ask<{ deleteProjectConcept: { deletedConceptId: string } }>(who, DELETE, { input: { conceptId } });
const addPost = (who: Person | undefined, project: ProjectRef, url: string, caption?: string) => ask<{ addProjectConceptPost: { concept: ConceptView } }>(who, ADD_POST, { input: { projectId: project.id, url, caption } });
const node = async (who: Person | undefined, id: string) => dataOf(await ask<{ node: { id: string } | null }>(who, NODE, { id })).node;

/** A real picture, made with sharp: one colour, any size. */
function picture(width: number, height: number, format: 'png' | 'jpeg' = 'png'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 220, g: 30, b: 30 } } })[format]().toBuffer();
}

async function upload(who: Person | undefined, project: ProjectRef, body: Buffer | string, contentType: string, caption?: string) {
  const query = caption === undefined ? '' : `?caption=${encodeURIComponent(caption)}`;
  const response = await fetch(`${server.url}/api/projects/${project.databaseId}/concepts/picture${query}`, {
    method: 'POST',
    headers: { 'content-type': contentType, ...(who ? { authorization: `Bearer ${who.token}` } : {}) },
    body,
  });
  return { status: response.status, body: (await response.json()) as { success: boolean; data?: { concept: { id: string; databaseId: number; pictureUrl: string } }; message?: string } };
}

async function served(who: Person | undefined, path: string) {
  const response = await fetch(`${server.url}${path}`, { headers: who ? { authorization: `Bearer ${who.token}` } : {} });
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
}

async function conceptCount(project: ProjectRef): Promise<number> {
  return (await queryRows<{ n: number }>(database.url, 'select count(*)::int as n from project_concepts where project_id = $1', [project.databaseId]))[0]!.n;
}

describe('who may read and change a board', () => {
  it('follows each permission on a private project, for every query and mutation', async () => {
    const owner = await person();
    const project = await createProject(owner);
    const editor = await joined(owner, project, 'EDITOR');
    const viewer = await joined(owner, project, 'VIEWER');
    const stranger = await person();
    const admin = await person({ roleFlags: [RoleFlag.admin] });
    const png = await picture(60, 40);

    const first = dataOf(await addNote(owner, project, 'Warm light, late afternoon')).addProjectConceptNote.concept;
    const second = dataOf(await addNote(editor, project, 'Handheld, close')).addProjectConceptNote.concept;
    expect(errorOf(await addNote(viewer, project, 'Mine'))?.code).toBe('FORBIDDEN');
    expect(errorOf(await addNote(admin, project, 'Mine'))?.code).toBe('FORBIDDEN');
    expect(errorOf(await addNote(stranger, project, 'Mine'))).toEqual({ message: PROJECT_MESSAGES.projectNotFound, code: 'NOT_FOUND' });
    expect(errorOf(await addNote(undefined, project, 'Mine'))?.code).toBe('UNAUTHENTICATED');

    // Post links: refused before anything reaches a network.
    const asked = fixtures.requests.length;
    expect(errorOf(await addPost(viewer, project, TIKTOK))?.code).toBe('FORBIDDEN');
    expect(errorOf(await addPost(stranger, project, TIKTOK))?.code).toBe('NOT_FOUND');
    expect(errorOf(await addPost(undefined, project, TIKTOK))?.code).toBe('UNAUTHENTICATED');
    expect(errorOf(await addPost(admin, project, TIKTOK))?.code).toBe('FORBIDDEN');
    expect(fixtures.requests.length).toBe(asked);

    // Pictures: the REST upload answers as the mutations do.
    expect((await upload(viewer, project, png, 'image/png')).status).toBe(403);
    expect((await upload(admin, project, png, 'image/png')).status).toBe(403);
    expect((await upload(stranger, project, png, 'image/png')).status).toBe(404);
    expect((await upload(undefined, project, png, 'image/png')).status).toBe(401);
    expect((await upload(editor, project, png, 'image/png')).status).toBe(200);

    for (const reader of [owner, editor, viewer, admin]) expect((await board(reader, project))!.concepts.totalCount).toBe(3);
    expect((await board(viewer, project))!.viewerCan.edit).toBe(false);
    expect(await board(stranger, project)).toBeNull();
    expect(await board(undefined, project)).toBeNull();
    expect(await node(viewer, first.id)).toEqual({ id: first.id, kind: 'NOTE' });
    expect(await node(stranger, first.id)).toBeNull();
    expect(await node(undefined, first.id)).toBeNull();

    const hidden = { message: CONCEPT_MESSAGES.conceptNotFound, code: 'NOT_FOUND' };
    for (const [label, call] of [
      ['update', (who: Person | undefined) => update(who, first.id, { caption: 'Changed' })],
      ['move', (who: Person | undefined) => move(who, first.id, second.id)],
      ['delete', (who: Person | undefined) => remove(who, first.id)],
    ] as const) {
      expect(errorOf(await call(viewer))?.code, label).toBe('FORBIDDEN');
      expect(errorOf(await call(admin))?.code, label).toBe('FORBIDDEN');
      expect(errorOf(await call(stranger)), label).toEqual(hidden);
      expect(errorOf(await call(undefined))?.code, label).toBe('UNAUTHENTICATED');
    }
    expect(dataOf(await update(editor, first.id, { caption: '  Golden   hour ' })).updateProjectConcept.concept.caption).toBe('Golden hour');
    expect(dataOf(await move(editor, first.id, second.id)).moveProjectConcept.concept.position).toBe(2);
    expect(dataOf(await remove(editor, first.id)).deleteProjectConcept.deletedConceptId).toBe(first.id);
    expect(dataOf(await remove(owner, second.id)).deleteProjectConcept.deletedConceptId).toBe(second.id);
    expect(await conceptCount(project)).toBe(1);

    const audits = await queryRows<{ action: string; n: number }>(database.url, `select action, count(*)::int as n from audit_logs where target = 'project_concepts' and (fields->>'projectId')::int = $1 group by action order by action`, [project.databaseId]);
    expect(audits).toEqual([{ action: 'create', n: 3 }, { action: 'delete', n: 2 }, { action: 'update', n: 2 }]);
  });

  it('opens a public board to everyone, signed out included, and lets only its owners and editors change it', async () => {
    const owner = await person();
    const project = await createProject(owner, { visibility: 'PUBLIC' });
    const concept = dataOf(await addNote(owner, project, 'Open reference')).addProjectConceptNote.concept;
    const stranger = await person();
    expect((await board(undefined, project))!.concepts.nodes.map((row) => row.note)).toEqual(['Open reference']);
    expect((await board(stranger, project))!.concepts.totalCount).toBe(1);
    expect(await node(undefined, concept.id)).toEqual({ id: concept.id, kind: 'NOTE' });
    expect(errorOf(await addNote(stranger, project, 'Mine'))?.code).toBe('FORBIDDEN');
    expect(errorOf(await update(stranger, concept.id, { caption: 'Mine' }))?.code).toBe('FORBIDDEN');
    expect(errorOf(await remove(undefined, concept.id))?.code).toBe('UNAUTHENTICATED');
    expect((await upload(stranger, project, await picture(20, 20), 'image/png')).status).toBe(403);
    // A public board's pictures are served to anyone.
    const added = (await upload(owner, project, await picture(20, 20), 'image/png')).body.data!.concept;
    expect((await served(undefined, added.pictureUrl)).status).toBe(200);
  });

  it('refuses changes through a read-only token, as every other change is refused', async () => {
    const owner = await person();
    const project = await createProject(owner);
    const readOnly = await createPersonalAccessToken(server.orm.em.fork(), owner.user.id, { name: 'read', expiresInDays: null, scope: 'read_only' });
    const asToken = { user: owner.user, token: readOnly.token };
    expect((await upload(asToken, project, await picture(20, 20), 'image/png')).status).toBe(403);
    expect(errorOf(await addNote(asToken, project, 'Through a token'))?.code).toBe('FORBIDDEN');
    expect((await board(asToken, project))!.concepts.totalCount).toBe(0);
  });

  it('follows the owning team: managers change the board, members read it', async () => {
    const manager = await person();
    const member = await person();
    const team = await createTeam(server.orm.em.fork(), [{ user: manager.user, role: 'manager' }, { user: member.user, role: 'member' }]);
    const project = await createProject(manager, { ownerTeamId: toGlobalId('Team', team.id) });
    const concept = dataOf(await addNote(manager, project, 'Team reference')).addProjectConceptNote.concept;
    expect((await board(member, project))!.concepts.totalCount).toBe(1);
    expect(errorOf(await addNote(member, project, 'Mine'))?.code).toBe('FORBIDDEN');
    expect(errorOf(await move(member, concept.id, null))?.code).toBe('FORBIDDEN');
    expect(dataOf(await update(manager, concept.id, { note: 'Team reference, revised' })).updateProjectConcept.concept.note).toBe('Team reference, revised');
  });
});

describe('notes and captions', () => {
  it('keeps to the limits, with the product’s words, and leaves a concept as it was when a change is refused', async () => {
    const owner = await person();
    const project = await createProject(owner);
    expect(errorOf(await addNote(owner, project, '   '))).toEqual({ message: CONCEPT_MESSAGES.noteRequired, code: 'BAD_USER_INPUT' });
    expect(errorOf(await addNote(owner, project, 'x'.repeat(2_001)))).toEqual({ message: CONCEPT_MESSAGES.noteTooLong, code: 'BAD_USER_INPUT' });
    expect(errorOf(await addNote(owner, project, 'Fine', 'c'.repeat(281)))).toEqual({ message: CONCEPT_MESSAGES.captionTooLong, code: 'BAD_USER_INPUT' });
    expect(await conceptCount(project)).toBe(0);

    const note = dataOf(await addNote(owner, project, 'Line one\r\nLine two', 'First')).addProjectConceptNote.concept;
    expect(note).toMatchObject({ kind: 'NOTE', note: 'Line one\nLine two', caption: 'First', position: 1, pictureUrl: null, post: null });
    // One refused field refuses the whole change.
    expect(errorOf(await update(owner, note.id, { caption: 'Second', note: '' }))?.message).toBe(CONCEPT_MESSAGES.noteRequired);
    expect((await board(owner, project))!.concepts.nodes[0]).toMatchObject({ caption: 'First', note: 'Line one\nLine two' });
    expect(dataOf(await update(owner, note.id, { caption: '' })).updateProjectConcept.concept.caption).toBeNull();
  });
});

describe('pictures', () => {
  it('stores and resizes an upload as avatars are, and serves it only to those who see the project', async () => {
    const owner = await person();
    const project = await createProject(owner);
    const answer = await upload(owner, project, await picture(900, 600), 'image/png', 'Palette');
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const added = answer.body.data!.concept;
    expect(added.pictureUrl).toMatch(new RegExp(`^/media/project-concepts/${added.databaseId}/picture\\?v=[0-9a-f]{8}$`));

    const [concept] = (await board(owner, project))!.concepts.nodes;
    expect(concept).toMatchObject({ id: added.id, kind: 'PICTURE', caption: 'Palette', note: null, post: null });
    expect(concept!.pictureUrl).toBe(`${added.pictureUrl}&w=80`);

    const full = await served(owner, added.pictureUrl);
    expect(full.status).toBe(200);
    expect(full.headers.get('content-type')).toBe('image/webp');
    expect(full.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
    expect(await sharp(full.bytes).metadata()).toMatchObject({ format: 'webp', width: 512, height: 512 });
    const small = await served(owner, concept!.pictureUrl!);
    expect(await sharp(small.bytes).metadata()).toMatchObject({ width: 80, height: 80 });
    const widths = await queryRows<{ width: number }>(database.url, 'select width from project_concept_pictures where concept_id = $1 order by width', [added.databaseId]);
    expect(widths.map((row) => row.width)).toEqual([80, 512]);

    expect((await served(await person(), added.pictureUrl)).status).toBe(404);
    expect((await served(undefined, added.pictureUrl)).status).toBe(404);
    // Deleting the concept takes its picture with it.
    dataOf(await remove(owner, added.id));
    expect(await queryRows(database.url, 'select 1 from project_concept_pictures where concept_id = $1', [added.databaseId])).toEqual([]);
  });

  it.each([
    ['a text file', 'just text', 'text/plain', SETTINGS_MESSAGES.avatarType],
    ['an SVG', '<svg xmlns="http://www.w3.org/2000/svg"/>', 'image/svg+xml', SETTINGS_MESSAGES.avatarType],
    ['text labelled as PNG', 'not a picture at all', 'image/png', SETTINGS_MESSAGES.avatarUnreadable],
    ['an empty body', '', 'image/png', SETTINGS_MESSAGES.avatarUnreadable],
  ])('refuses %s with the avatar’s words and adds nothing', async (_label, body, contentType, message) => {
    const owner = await person();
    const project = await createProject(owner);
    expect(await upload(owner, project, body, contentType)).toEqual({ status: 400, body: expect.objectContaining({ success: false, message }) });
    expect(await conceptCount(project)).toBe(0);
  });

  it('refuses a picture over 5 MB, and a caption over 280 characters, before storing anything', async () => {
    const owner = await person();
    const project = await createProject(owner);
    expect(await upload(owner, project, Buffer.alloc(AVATAR_MAX_BYTES + 1, 7), 'image/jpeg')).toEqual({ status: 400, body: expect.objectContaining({ message: SETTINGS_MESSAGES.avatarTooLarge }) });
    expect(await upload(owner, project, await picture(30, 30, 'jpeg'), 'image/jpeg', 'c'.repeat(281))).toEqual({ status: 400, body: expect.objectContaining({ message: CONCEPT_MESSAGES.captionTooLong }) });
    expect(await conceptCount(project)).toBe(0);
    expect(await queryRows(database.url, 'select 1 from project_concept_pictures p join project_concepts c on c.id = p.concept_id where c.project_id = $1', [project.databaseId])).toEqual([]);
  });
});

describe('a failed step', () => {
  it('leaves the board, the project and the audit log as they were when storing a picture fails', async () => {
    const owner = await person();
    const project = await createProject(owner);
    dataOf(await addNote(owner, project, 'Already here'));
    const before = await queryRows<{ last_activity_at: Date }>(database.url, 'select last_activity_at from projects where id = $1', [project.databaseId]);
    // The picture's row is the last write of the add: make the database refuse it for this project only.
    await queryRows(
      database.url,
      `create function refuse_concept_picture() returns trigger language plpgsql as $$
       begin
         if exists (select 1 from project_concepts where id = new.concept_id and project_id = ${project.databaseId}) then raise exception 'disk full'; end if;
         return new;
       end $$`,
    );
    await queryRows(database.url, 'create trigger refuse_concept_picture before insert on project_concept_pictures for each row execute function refuse_concept_picture()');
    try {
      expect((await upload(owner, project, await picture(40, 40), 'image/png')).status).toBe(500);
    } finally {
      await queryRows(database.url, 'drop trigger refuse_concept_picture on project_concept_pictures');
      await queryRows(database.url, 'drop function refuse_concept_picture()');
    }
    expect(await order(project, owner)).toEqual(['Already here']);
    expect(await queryRows<{ last_activity_at: Date }>(database.url, 'select last_activity_at from projects where id = $1', [project.databaseId])).toEqual(before);
    const audits = await queryRows<{ n: number }>(database.url, `select count(*)::int as n from audit_logs where target = 'project_concepts' and (fields->>'projectId')::int = $1`, [project.databaseId]);
    expect(audits).toEqual([{ n: 1 }]);
  });
});

describe('post links', () => {
  it('tracks the link as any pasted link is and shows the post’s picture and caption', async () => {
    const owner = await person();
    const project = await createProject(owner);
    const concept = dataOf(await addPost(owner, project, `${TIKTOK}?is_from_webapp=1`, 'Pacing')).addProjectConceptPost.concept;
    expect(concept).toMatchObject({ kind: 'POST', caption: 'Pacing', postUrl: TIKTOK, note: null, pictureUrl: null });
    expect(concept.post).toMatchObject({ caption: 'Clay mug in 60 seconds #pottery' });
    const tracked = await queryRows<{ status: string }>(database.url, 'select status from post_track_requests where user_id = $1', [owner.user.id]);
    expect(tracked).toEqual([{ status: 'answered' }]);

    // The same post in another form is the same post; the board reads it back.
    dataOf(await addPost(owner, project, 'https://m.tiktok.com/@maya.makes/video/7301234567890123456/'));
    const read = (await board(owner, project))!.concepts.nodes;
    expect(read.map((row) => row.post?.databaseId)).toEqual([concept.post!.databaseId, concept.post!.databaseId]);
    await expect.poll(async () => (await board(owner, project))!.concepts.nodes[0]!.post!.thumbnailUrl).toMatch(/^\/media\/posts\//);
  });

  it('adds nothing when the link is not a post or its import fails', async () => {
    const owner = await person();
    const project = await createProject(owner);
    expect(errorOf(await addPost(owner, project, 'not a link'))).toEqual({ message: 'Invalid url', code: 'BAD_USER_INPUT' });
    expect(errorOf(await addPost(owner, project, 'https://example.com/nothing-here'))?.code).toBe('UNPROCESSABLE');
    expect(errorOf(await addPost(owner, project, 'https://www.tiktok.com/@maya.makes/video/9000000003'))?.message).toContain('Could not find or create post');
    expect(await conceptCount(project)).toBe(0);
  });
});

describe('board order', () => {
  async function boardOf(count: number) {
    const owner = await person();
    const project = await createProject(owner);
    const ids: string[] = [];
    for (let index = 0; index < count; index++) ids.push(dataOf(await addNote(owner, project, `N${index + 1}`)).addProjectConceptNote.concept.id);
    return { owner, project, ids };
  }

  it('moves a concept after another, to the front and to the end, and pages in board order', async () => {
    const { owner, project, ids } = await boardOf(4);
    expect(await order(project, owner)).toEqual(['N1', 'N2', 'N3', 'N4']);
    dataOf(await move(owner, ids[0]!, ids[2]!));
    expect(await order(project, owner)).toEqual(['N2', 'N3', 'N1', 'N4']);
    dataOf(await move(owner, ids[3]!, null));
    expect(await order(project, owner)).toEqual(['N4', 'N2', 'N3', 'N1']);
    dataOf(await move(owner, ids[3]!, ids[0]!));
    expect(await order(project, owner)).toEqual(['N2', 'N3', 'N1', 'N4']);
    const positions = (await board(owner, project))!.concepts.nodes.map((row) => row.position);
    expect(positions).toEqual([1, 2, 3, 4]);

    const firstPage = (await board(owner, project, 3))!.concepts;
    expect(firstPage.nodes.map((row) => row.note)).toEqual(['N2', 'N3', 'N1']);
    expect(firstPage.pageInfo.hasNextPage).toBe(true);
    const rest = dataOf(await ask<{ projectByAddress: { project: Board } }>(owner, BOARD, { publicId: project.publicId, first: 3, after: firstPage.pageInfo.endCursor })).projectByAddress.project.concepts;
    expect(rest.nodes.map((row) => row.note)).toEqual(['N4']);
    expect(rest.pageInfo.hasNextPage).toBe(false);
  });

  it('refuses a move after itself or after another board’s concept, leaving the order as it was', async () => {
    const { owner, project, ids } = await boardOf(3);
    const other = await boardOf(1);
    expect(errorOf(await move(owner, ids[0]!, ids[0]!))).toEqual({ message: CONCEPT_MESSAGES.moveAfterItself, code: 'BAD_USER_INPUT' });
    expect(errorOf(await move(owner, ids[0]!, other.ids[0]!))).toEqual({ message: CONCEPT_MESSAGES.otherProject, code: 'BAD_USER_INPUT' });
    expect(errorOf(await move(owner, ids[0]!, toGlobalId('ProjectConcept', 2_000_000_000)))?.code).toBe('NOT_FOUND');
    expect(await order(project, owner)).toEqual(['N1', 'N2', 'N3']);
  });

  it('keeps every concept once, numbered 1…n, when many moves and adds arrive at once', async () => {
    const { owner, project, ids } = await boardOf(6);
    const calls = [
      ...ids.map((id, index) => move(owner, id, index % 2 === 0 ? null : ids[(index + 3) % ids.length]!)),
      addNote(owner, project, 'N7'),
      addNote(owner, project, 'N8'),
    ];
    for (const response of await Promise.all(calls)) expect(response.body.errors).toBeUndefined();
    const rows = await queryRows<{ position: number }>(database.url, 'select position from project_concepts where project_id = $1 order by position', [project.databaseId]);
    expect(rows.map((row) => row.position)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect([...(await order(project, owner))].sort()).toEqual(['N1', 'N2', 'N3', 'N4', 'N5', 'N6', 'N7', 'N8']);
  });
});
