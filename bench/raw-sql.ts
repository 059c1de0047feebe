/**
 * The raw baselines: each read path's answer built by one SQL statement (json_build_object and
 * json_agg), in the shape of the GraphQL answer's `data`, so the benchmark can compare the two
 * field by field. They apply the same visibility rules as the server for the viewer kinds the
 * scenarios use (signed out, or a signed-in member: an ordinary one, one with private posts, an
 * admin). Parameters are `$n`.
 */
import { ROLE_FLAG_BADGES, RoleFlag, UserType } from '../domain/enums.js';

/** A Relay global id: base64 of "Type:id". */
export const gid = (type: string, id: string) => `encode(convert_to('${type}:' || (${id}), 'utf8'), 'base64')`;
/** A keyset cursor (graphql/pagination.ts): base64url of "id:N". */
export const idCursor = (id: string) => `rtrim(translate(encode(convert_to('id:' || (${id}), 'utf8'), 'base64'), '+/', '-_'), '=')`;
const POST_TYPE = (type: string) => `(array['VIDEO','GIF','IMAGE','TEXT','STORY'])[${type}]`;
const PROFILE_URL = (n: string, a: string) =>
  `case when ${n}.profile_base_url is null or ${a}.handle = '' then null else ${n}.profile_base_url || case when ${n}.uses_at_handle then '@' else '' end || ${a}.handle end`;
export const THUMBNAIL = (p: string, width: number) => `case when ${p}.thumbnail_stored_at is not null then '/media/posts/' || ${p}.id || '/thumbnail?w=${width}' else ${p}.thumbnail_url end`;

/** post.policy visiblePostsFilter for a signed-out visitor. */
export const PUBLIC_POST = (p: string) => `(not ${p}.is_private and ${p}.type <> 5)`;
/** Whether member `$1` is an admin (users.isAdminViewer): uncorrelated, so worked out once a statement. */
const IS_ADMIN = `exists (select 1 from users au where au.id = $1 and ${RoleFlag.admin} = any(au.role_flags))`;
/** The same for a member `$1`: public, their own, or private ones they are credited on; every post for an admin. */
const MEMBER_POST = (p: string) =>
  `(${PUBLIC_POST(p)} or ${p}.created_by_id = $1 or (${p}.is_private and ${p}.type <> 5 and exists (select 1 from credits vc where vc.post_id = ${p}.id and vc.user_id = $1)) or ${IS_ADMIN})`;
/** users.badges (domain badgeLabels): a badge per flag held, in flag order. */
const BADGES = (flags: string) =>
  `array(select label from (values ${Object.entries(ROLE_FLAG_BADGES).filter(([, label]) => label !== null).map(([flag, label]) => `(${flag}, '${label}')`).join(', ')}) b(flag, label) where b.flag = any(${flags}) order by b.flag)`;
export const PUBLIC_CREDIT = (c: string) => `(${c}.status = 'accepted' and ${c}.user_id is not null)`;
/**
 * credit.policy visibleCreditSql for member `$1` (c, its post p, its account a). The creditor rule
 * here has the creator, the verified owner and the track requests; the team-managed clause
 * (teams that manage the account) is left out, which the seeded data has none of.
 */
const MAY_CREDIT = (p: string, a: string) =>
  `(${p}.created_by_id = $1 or (${a}.owner_id = $1 and ${a}.owner_verified_at is not null)
    or exists (select 1 from post_track_requests r where r.user_id = $1 and (r.post_id = ${p}.id or (r.network_id = ${p}.network_id and r.external_id = ${p}.external_id))))`;
const MEMBER_CREDIT = (c: string, p: string, a: string) =>
  `(${PUBLIC_CREDIT(c)} or (${c}.status = 'declined' and ${c}.user_id = $1)
    or (${c}.status = 'pending' and (${c}.user_id = $1 or ${c}.added_by_id = $1 or ${MAY_CREDIT(p, a)} or ${IS_ADMIN})))`;
/** The session the token names is still open (auth's session check), as a condition. */
export const SESSION_OPEN = `exists (select 1 from auth_sessions s where s.id = $2 and s.user_id = $1 and s.revoked_at is null and s.expires_at > now())`;

/**
 * `posts(first: 20)`: for a signed-out visitor ($1 = page size), or for member $1 with session $2
 * ($3 = page size; `signedIn`), who also sees the posts and credits only they may see.
 */
export function feedSql(signedIn: boolean): string {
  const first = signedIn ? '$3' : '$1';
  const post = signedIn ? `${SESSION_OPEN} and ${MEMBER_POST('p')}` : PUBLIC_POST('p');
  const credit = signedIn ? MEMBER_CREDIT('c', 'p', 'a') : PUBLIC_CREDIT('c');
  return `
with page as (select p.* from posts p where ${post} order by p.id desc limit ${first} + 1)
select json_build_object('posts', json_build_object(
  'nodes', coalesce((select json_agg(json_build_object(
      'id', ${gid('Post', 'p.id')}, 'caption', p.caption, 'url', p.url, 'type', ${POST_TYPE('p.type')}, 'createdAt', p.created_at,
      'stats', json_build_object('views', p.views, 'likes', p.likes, 'comments', p.comments, 'shares', p.shares),
      'network', json_build_object('name', n.name, 'title', n.title),
      'account', json_build_object('handle', a.handle, 'displayName', a.display_name, 'profileUrl', ${PROFILE_URL('n', 'a')}),
      'credits', json_build_object('nodes', coalesce((
        select json_agg(json_build_object('role', json_build_object('name', r.name, 'emoji', r.emoji), 'user', json_build_object('username', u.username, 'name', u.name)) order by c.id)
          from (select * from credits c where c.post_id = p.id and ${credit} order by c.id limit 10) c
          join credit_roles r on r.id = c.role_id left join users u on u.id = c.user_id), '[]'))
    ) order by p.id desc)
    from (select * from page order by id desc limit ${first}) p join social_networks n on n.id = p.network_id join social_accounts a on a.id = p.account_id), '[]'),
  'pageInfo', json_build_object('endCursor', (select ${idCursor('min(id)')} from (select id from page order by id desc limit ${first}) l), 'hasNextPage', (select count(*) > ${first} from page))
))::text as body`;
}

/** `postByDatabaseId`: for a signed-out visitor ($1 = the post's number), or for member $1 with session $2 ($3 = the number). */
export function postSql(signedIn: boolean): string {
  const id = signedIn ? '$3' : '$1';
  const post = signedIn ? `${SESSION_OPEN} and ${MEMBER_POST('p')}` : PUBLIC_POST('p');
  const credit = signedIn ? MEMBER_CREDIT('c', 'p', 'a') : PUBLIC_CREDIT('c');
  return `
select json_build_object('postByDatabaseId', (
  select json_build_object(
    'id', ${gid('Post', 'p.id')}, 'caption', p.caption, 'url', p.url, 'type', ${POST_TYPE('p.type')},
    'network', json_build_object('name', n.name),
    'account', json_build_object('handle', a.handle, 'profileUrl', ${PROFILE_URL('n', 'a')}),
    'credits', json_build_object('nodes', coalesce((
      select json_agg(json_build_object('role', json_build_object('name', r.name), 'user', json_build_object('username', u.username)) order by c.id)
        from (select * from credits c where c.post_id = p.id and ${credit} order by c.id limit 10) c
        join credit_roles r on r.id = c.role_id left join users u on u.id = c.user_id), '[]')))
    from posts p join social_networks n on n.id = p.network_id join social_accounts a on a.id = p.account_id
   where p.id = ${id} and ${post}))::text as body`;
}

/**
 * The profile page's header query for a signed-out visitor ($1 = username), or for member $1 with
 * session $2 ($3 = username): the user with their badges and availability, the totals, roles and
 * collaborators over the portfolio the viewer may see (profile.policy: public credits, plus a
 * company's verified accounts' posts; of them the posts the viewer may see), the verified
 * accounts, the first six public projects they own or accepted to work on (profile-projects.service),
 * and the list of networks. The user by the unique index on lower(username), as Byline looks them up.
 */
export function profileSql(signedIn: boolean): string {
  const username = signedIn ? '$3' : '$1';
  const visible = signedIn ? `${SESSION_OPEN} and ${MEMBER_POST('p')}` : PUBLIC_POST('p');
  return `
with owner as (select * from users where lower(username) = lower(${username}) and username is not null),
portfolio as (
  select distinct held.post_id from (
    select c.post_id from credits c, owner o where c.user_id = o.id and ${PUBLIC_CREDIT('c')}
    union
    select p.id from posts p join social_accounts a on a.id = p.account_id, owner o
     where a.owner_id = o.id and a.owner_verified_at is not null and o.user_type = 1
  ) held join posts p on p.id = held.post_id where ${visible}
)
select json_build_object(
  'userByUsername', (select json_build_object(
    'id', ${gid('User', 'o.id')}, 'databaseId', o.id, 'username', o.username, 'name', o.name, 'avatarUrl', o.avatar_url,
    'userType', case o.user_type when ${UserType.Company} then 'COMPANY' when ${UserType.Creator} then 'CREATOR' end,
    'badges', ${BADGES('o.role_flags')},
    'availability', (select json_build_object('openToWork', coalesce(av.open_to_work, false), 'availableFrom', to_char(av.available_from, 'YYYY-MM-DD'),
                       'roles', coalesce((select json_agg(json_build_object('id', ${gid('CreditRole', 'ar.id')}, 'name', ar.name, 'emoji', ar.emoji) order by array_position(av.role_ids, ar.id::smallint))
                                           from credit_roles ar where ar.id = any(av.role_ids)), '[]'))
                     from (select 1) one left join creator_availability av on av.user_id = o.id),
    'publicProjects', json_build_object('nodes', coalesce((select json_agg(json_build_object(
                        'isOwner', pp.is_owner,
                        'creditRole', case when mr.id is null then null else json_build_object('id', ${gid('CreditRole', 'mr.id')}, 'name', mr.name) end,
                        'project', json_build_object('id', ${gid('Project', 'pp.id')}, 'name', pp.name, 'path', '/projects/' || pp.public_id || '~' || pp.slug,
                                     'client', case when pp.client_user_id is not null then coalesce(pc.name, pc.username) else pp.client_name end))
                        order by pp.last_activity_at desc, pp.id desc)
                      from (select pj.*, mine.credit_role_id as mine_role_id, mine.is_owner
                              from (select coalesce(po.id, pw.project_id) as project_id, pw.credit_role_id, po.id is not null as is_owner
                                      from (select id from projects where owner_user_id = o.id and visibility = 'public') po
                                      full join (select project_id, credit_role_id from project_collaborators where user_id = o.id and status = 'accepted') pw
                                        on pw.project_id = po.id) mine
                              join projects pj on pj.id = mine.project_id and pj.visibility = 'public'
                             order by pj.last_activity_at desc, pj.id desc limit 6) pp
                      left join users pc on pc.id = pp.client_user_id left join credit_roles mr on mr.id = pp.mine_role_id), '[]')),
    'portfolio', json_build_object(
      'bio', o.bio, 'website', o.website, 'locationName', o.location_name,
      'totals', (select json_build_object('posts', count(*), 'views', coalesce(sum(p.views), 0), 'likes', coalesce(sum(p.likes), 0))
                   from posts p where p.id in (select post_id from portfolio)),
      'rolesHeld', coalesce((select json_agg(json_build_object('role', json_build_object('id', ${gid('CreditRole', 'r.id')}, 'name', r.name, 'emoji', r.emoji), 'postCount', held.n)
                                             order by held.n desc, r.id)
                               from (select c.role_id, count(distinct c.post_id) as n from credits c
                                      where c.user_id = o.id and ${PUBLIC_CREDIT('c')} and c.post_id in (select post_id from portfolio) group by c.role_id) held
                               join credit_roles r on r.id = held.role_id), '[]'),
      'socialAccounts', coalesce((select json_agg(json_build_object(
                                    'id', ${gid('SocialAccount', 'a.id')}, 'handle', a.handle, 'displayName', a.display_name, 'profileUrl', ${PROFILE_URL('n', 'a')},
                                    'followerCount', a.follower_count, 'network', json_build_object('id', ${gid('Network', 'n.id')}, 'title', n.title)) order by a.follower_count desc nulls last, a.id)
                                    from (select * from social_accounts a where a.owner_id = o.id and a.owner_verified_at is not null order by a.follower_count desc nulls last, a.id limit 50) a
                                    join social_networks n on n.id = a.network_id), '[]'),
      'collaborators', coalesce((select json_agg(json_build_object('sharedPostCount', shared.n,
                                   'user', json_build_object('id', ${gid('User', 'u.id')}, 'username', u.username, 'name', u.name, 'avatarUrl', u.avatar_url)) order by shared.n desc, u.id)
                                   from (select c.user_id, count(distinct c.post_id) as n from credits c
                                          where ${PUBLIC_CREDIT('c')} and c.user_id <> o.id and c.post_id in (select post_id from portfolio)
                                          group by c.user_id order by n desc, c.user_id limit 12) shared
                                   join users u on u.id = shared.user_id), '[]')))
    from owner o),
  'networks', (select json_agg(json_build_object('id', ${gid('Network', 'n.id')}, 'databaseId', n.id, 'title', n.title) order by n.id) from social_networks n)
)::text as body`;
}

/**
 * `explorePosts` for member $1 with session $2: $4 tag ids, $5 network ids, $6 text (null for
 * none), $7 page size ($3 unused: the sort is spelled in the statement, as the ORM does, so an
 * index can serve it). Filters of one kind OR, kinds AND. The words' account half is an array of
 * account ids, as explore.service.ts writes it, so both halves can be index bitmaps. The tag
 * filter is an array of post ids too: as `exists (…)` it was a per-row filter on a walk of every
 * post in views order (8 s for a tag of ~100 posts at 1,000,000 posts), where the ORM's
 * `id in (select …)` becomes a semi-join.
 */
export function exploreSql(sort: 'relevance' | 'newest'): string {
  const order = sort === 'newest' ? 'p.id desc' : 'p.views desc nulls last, p.id desc';
  return `
with page as (
  select p.* from posts p
   where ${SESSION_OPEN} and ${MEMBER_POST('p')} and p.import_status = 'imported' and not p.is_deleted
     and (cardinality($4::int[]) = 0 or p.id = any(array(select pt.post_id from post_tags pt where pt.tag_id = any($4::int[]))))
     and (cardinality($5::int[]) = 0 or p.network_id = any($5::int[]))
     and ($6::text is null or p.caption ilike '%' || $6 || '%'
          or p.account_id = any(array(select ta.id from social_accounts ta where ta.handle ilike '%' || $6 || '%' or ta.display_name ilike '%' || $6 || '%')))
     and $3::text is not null
   order by ${order}
   limit $7 + 1)
select json_build_object('explorePosts', json_build_object(
  'nodes', coalesce((select json_agg(json_build_object(
      'id', ${gid('Post', 'p.id')}, 'databaseId', p.id, 'caption', p.caption, 'thumbnailUrl', ${THUMBNAIL('p', 320)},
      'stats', json_build_object('views', p.views, 'likes', p.likes),
      'network', json_build_object('id', ${gid('Network', 'n.id')}, 'title', n.title),
      'account', json_build_object('id', ${gid('SocialAccount', 'a.id')}, 'handle', a.handle, 'displayName', a.display_name),
      'credits', json_build_object('nodes', coalesce((
        select json_agg(json_build_object('id', ${gid('Credit', 'c.id')}, 'user', case when u.id is null then null else json_build_object('id', ${gid('User', 'u.id')}, 'name', u.name, 'username', u.username) end,
                                          'role', json_build_object('id', ${gid('CreditRole', 'r.id')}, 'name', r.name)) order by c.id)
          from (select * from credits c where c.post_id = p.id and ${MEMBER_CREDIT('c', 'p', 'a')} order by c.id limit 3) c
          join credit_roles r on r.id = c.role_id left join users u on u.id = c.user_id), '[]'))
    ) order by p.position)
    from (select p.*, row_number() over (order by ${order}) as position from page p) p
    join social_networks n on n.id = p.network_id join social_accounts a on a.id = p.account_id
   where p.position <= $7), '[]'),
  'pageInfo', json_build_object('hasNextPage', (select count(*) > $7 from page))
))::text as body`;
}

/** `notifications(first: 20)` for member $1 with session $2 ($3 = page size), each with its credit as the page shows it. */
export const NOTIFICATIONS_SQL = `
with page as (select * from notifications where user_id = $1 and ${SESSION_OPEN} order by id desc limit $3 + 1)
select json_build_object('notifications', json_build_object(
  'pageInfo', json_build_object('endCursor', (select ${idCursor('min(id)')} from (select id from page order by id desc limit $3) l), 'hasNextPage', (select count(*) > $3 from page)),
  'nodes', coalesce((select json_agg(json_build_object(
      'id', ${gid('Notification', 'x.id')},
      'kind', case when x.kind in ('post_imported','post_import_failed','stats_refreshed','password_changed','credit_added','credit_accepted','credit_declined','credit_removed','credit_report_closed') then upper(x.kind) else 'OTHER' end,
      'message', x.message, 'link', x.link, 'status', upper(x.status), 'createdAt', x.created_at,
      'credit', (select json_build_object(
          'id', ${gid('Credit', 'c.id')}, 'status', upper(c.status),
          'role', json_build_object('id', ${gid('CreditRole', 'r.id')}, 'name', r.name, 'emoji', r.emoji),
          'user', case when u.id is null then null else json_build_object('id', ${gid('User', 'u.id')}, 'username', u.username, 'name', u.name, 'avatarUrl', u.avatar_url) end,
          'addedBy', case when b.id is null or b.id = c.user_id then null else json_build_object('id', ${gid('User', 'b.id')}, 'username', b.username, 'name', b.name) end,
          'viewerCan', json_build_object(
            'accept', c.user_id = $1 and c.status = 'pending',
            'decline', c.user_id = $1 and c.status <> 'declined',
            'remove', c.user_id = $1 or ${MAY_CREDIT('p', 'a')} or (c.added_by_id = $1 and c.status = 'pending'),
            'report', c.status = 'accepted' and c.user_id is distinct from $1 and c.added_by_id is distinct from $1))
        from credits c join posts p on p.id = c.post_id join social_accounts a on a.id = p.account_id
        join credit_roles r on r.id = c.role_id left join users u on u.id = c.user_id left join users b on b.id = c.added_by_id
       where c.id = x.credit_id and ${MEMBER_CREDIT('c', 'p', 'a')} and ${MEMBER_POST('p')})
    ) order by x.id desc) from (select * from page order by id desc limit $3) x), '[]')
))::text as body`;

/**
 * project.policy WORKS_ON_SQL for member $1: projects they own, those of teams where they are an
 * active manager or member, and those they accepted to join.
 */
const WORKS_ON = (p: string) => `(${p}.owner_user_id = $1
  or ${p}.owner_team_id in (select m.team_id from team_members m where m.user_id = $1 and m.status = 'active' and m.role in ('manager', 'member'))
  or ${p}.id in (select c.project_id from project_collaborators c where c.user_id = $1 and c.status = 'accepted'))`;

/**
 * domain/projects.ts projectAccess for member $1 on project p, as a strength: 4 owner, 3 editor,
 * 2 viewer, 1 public, 0 none. The strongest of: a public project (1), owning it (4), the owning
 * team's active managers (4) and members (2), an accepted collaborator's permission, an admin (2).
 */
const PROJECT_ACCESS = (p: string) => `greatest(
    case when ${p}.visibility = 'public' then 1 else 0 end,
    case when ${p}.owner_user_id = $1 then 4 else 0 end,
    coalesce((select case m.role when 'manager' then 4 when 'member' then 2 else 0 end from team_members m
               where m.team_id = ${p}.owner_team_id and m.user_id = $1 and m.status = 'active'), 0),
    coalesce((select case c.permission when 'owner' then 4 when 'editor' then 3 else 2 end from project_collaborators c
               where c.project_id = ${p}.id and c.user_id = $1 and c.status = 'accepted'), 0),
    case when exists (select 1 from users v where v.id = $1 and ${RoleFlag.admin} = any(v.role_flags)) then 2 else 0 end)`;

/** The ProjectSummary fragment's fields of project p, with its owning person ou, team ot and client company cu (left joins). */
const PROJECT_SUMMARY = (p: string, ou: string, ot: string, cu: string) => `
  'id', ${gid('Project', `${p}.id`)}, 'publicId', ${p}.public_id, 'name', ${p}.name, 'path', '/projects/' || ${p}.public_id || '~' || ${p}.slug,
  'status', upper(${p}.status), 'visibility', upper(${p}.visibility),
  'client', case when ${p}.client_user_id is not null then coalesce(${cu}.name, ${cu}.username) else ${p}.client_name end,
  'startsOn', ${p}.starts_on, 'endsOn', ${p}.ends_on, 'lastActivityAt', ${p}.last_activity_at,
  'ownerUser', case when ${ou}.id is null then null else json_build_object('id', ${gid('User', `${ou}.id`)}, 'name', ${ou}.name, 'username', ${ou}.username) end,
  'ownerTeam', case when ${ot}.id is null then null else json_build_object('id', ${gid('Team', `${ot}.id`)}, 'name', ${ot}.name) end`;

/**
 * `projects(first: 25)` (ProjectsList with ProjectSummary) for member $1 with session $2: $3 page
 * size, $4 status or null, $5 team id or null, $6 the cursor's project id or null, $7 a part of
 * the name or null. Newest activity first, ties by id; the cursor continues after its project's
 * (activity, id); totalCount counts every project the filters leave.
 */
export const PROJECTS_SQL = `
with visible as materialized (
  select p.* from projects p
   where ${SESSION_OPEN} and ${WORKS_ON('p')}
     and ($4::text is null or p.status = $4) and ($5::int is null or p.owner_team_id = $5)
     and ($7::text is null or p.name ilike '%' || replace(replace(replace($7, '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%')),
page as (
  select v.* from visible v
   where $6::int is null or (v.last_activity_at, v.id) < (select c.last_activity_at, c.id from projects c where c.id = $6)
   order by v.last_activity_at desc, v.id desc limit $3 + 1)
select json_build_object('projects', json_build_object(
  'totalCount', (select count(*) from visible),
  'pageInfo', json_build_object('hasNextPage', (select count(*) > $3 from page),
                                'endCursor', (select ${idCursor('l.id')} from (select id, last_activity_at from page order by last_activity_at desc, id desc limit $3) l order by l.last_activity_at, l.id limit 1)),
  'nodes', coalesce((select json_agg(json_build_object(${PROJECT_SUMMARY('p', 'ou', 'ot', 'cu')}) order by p.last_activity_at desc, p.id desc)
    from (select * from page order by last_activity_at desc, id desc limit $3) p
    left join users ou on ou.id = p.owner_user_id left join teams ot on ot.id = p.owner_team_id left join users cu on cu.id = p.client_user_id), '[]')
))::text as body`;

/**
 * The project page (ProjectPage with ProjectDetails, and the collaborators tab's first page) for
 * member $1 with session $2: $3 public id, $4 slug asked, $5 collaborators' page size. Null when
 * the viewer has no access; a visitor of a public project sees only accepted collaborators.
 */
export const PROJECT_PAGE_SQL = `
with seen as materialized (
  select p.*, ${PROJECT_ACCESS('p')} as access from projects p where p.public_id = $3 and ${SESSION_OPEN}),
people as materialized (
  select c.* from project_collaborators c join seen s on c.project_id = s.id where s.access > 0 and (s.access > 1 or c.status = 'accepted'))
select json_build_object('projectByAddress', (select json_build_object(
  'canonicalPath', '/projects/' || s.public_id || '~' || s.slug,
  'slugIsCurrent', coalesce(s.slug = $4, false),
  'project', json_build_object(${PROJECT_SUMMARY('s', 'ou', 'ot', 'cu')},
    'slug', s.slug, 'createdAt', s.created_at,
    'clientUser', case when cu.id is null then null else json_build_object('id', ${gid('User', 'cu.id')}, 'name', cu.name, 'username', cu.username) end,
    'viewerCan', json_build_object('edit', s.access >= 3, 'manageCollaborators', s.access = 4, 'seeCosts', s.access >= 3),
    'collaborators', json_build_object(
      'totalCount', (select count(*) from people),
      'pageInfo', json_build_object('hasNextPage', (select count(*) > $5 from people),
                                    'endCursor', (select ${idCursor('max(l.id)')} from (select id from people order by id limit $5) l)),
      'nodes', coalesce((select json_agg(json_build_object(
          'id', ${gid('ProjectCollaborator', 'c.id')}, 'status', upper(c.status), 'permission', upper(c.permission), 'isEmailInvitation', c.user_id is null,
          'user', case when u.id is null then null else json_build_object('id', ${gid('User', 'u.id')}, 'name', u.name, 'username', u.username, 'avatarUrl', u.avatar_url) end,
          'creditRole', json_build_object('id', ${gid('CreditRole', 'r.id')}, 'name', r.name, 'emoji', r.emoji)) order by c.id)
        from (select * from people order by id limit $5) c join credit_roles r on r.id = c.credit_role_id left join users u on u.id = c.user_id), '[]'))))
  from seen s left join users ou on ou.id = s.owner_user_id left join teams ot on ot.id = s.owner_team_id left join users cu on cu.id = s.client_user_id
 where s.access > 0))::text as body`;
