import type { EntityManager } from '@mikro-orm/postgresql';
import { PostType } from '../../../../domain/enums.js';
import { InvalidInput } from '../../errors/app-errors.js';
import { User } from '../users/index.js';
import type { FeaturedCreator, Testimonial } from './home.types.js';

export const MAX_FEATURED_CREATORS = 12;
export const MAX_TESTIMONIALS = 12;

function checkCount(count: number, max: number): number {
  if (!Number.isInteger(count) || count < 1 || count > max) throw new InvalidInput(`first must be between 1 and ${max}`);
  return count;
}

/**
 * Creators for the landing page: those the team featured (an audit entry with the action
 * `featured` on the user) first, then by the views of the public posts they hold accepted
 * credits on, then by how many. Only people with a profile page (a username) are shown.
 * Two statements: the ranking and the users.
 */
export async function featuredCreators(em: EntityManager, first: number): Promise<FeaturedCreator[]> {
  const limit = checkCount(first, MAX_FEATURED_CREATORS);
  const ranked = await em.execute<Array<{ user_id: number; posts: number; views: string | number | null; featured: boolean }>>(
    `with credited as (
       select distinct c.user_id, p.id as post_id, p.views
         from credits c join posts p on p.id = c.post_id
        where c.status = 'accepted' and c.user_id is not null
          and p.is_private = false and p.type <> ${PostType.Story} and p.is_deleted = false and p.import_status = 'imported'
     ), totals as (
       select user_id, count(*)::int as posts, sum(views) as views from credited group by user_id
     ), featured as (
       select distinct target_id::int as user_id from audit_logs where action = 'featured' and target = 'user' and target_id ~ '^[0-9]{1,9}$'
     )
     select u.id as user_id, coalesce(t.posts, 0) as posts, coalesce(t.views, 0) as views, (f.user_id is not null) as featured
       from users u
       left join totals t on t.user_id = u.id
       left join featured f on f.user_id = u.id
      where u.username is not null and (t.user_id is not null or f.user_id is not null)
      order by featured desc, coalesce(t.views, 0) desc, coalesce(t.posts, 0) desc, u.id
      limit ?`,
    [limit],
  );
  if (ranked.length === 0) return [];
  const users = new Map((await em.find(User, { id: { $in: ranked.map((row) => row.user_id) } })).map((user) => [user.id, user]));
  return ranked.flatMap((row) => {
    const user = users.get(row.user_id);
    return user ? [{ user, creditedPosts: row.posts, views: Number(row.views ?? 0), isFeatured: row.featured }] : [];
  });
}

export async function publishedTestimonials(em: EntityManager, first: number): Promise<Testimonial[]> {
  const limit = checkCount(first, MAX_TESTIMONIALS);
  const rows = await em.execute<Array<{ quote: string; author_name: string; author_title: string | null; avatar_url: string | null }>>(
    'select quote, author_name, author_title, avatar_url from testimonials where is_published order by position, id limit ?',
    [limit],
  );
  return rows.map((row) => ({ quote: row.quote, authorName: row.author_name, authorTitle: row.author_title, avatarUrl: row.avatar_url }));
}
