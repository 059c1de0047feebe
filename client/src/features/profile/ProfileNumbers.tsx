import { formatCount } from '@domain/format';
import type { Portfolio } from './profileTypes';

const plural = (count: number, one: string, many: string) => (count === 1 ? one : many);

/** Totals (posts, views, likes) and the roles held with their post counts ("🎬 Director · 42 posts"). */
export function ProfileNumbers({ portfolio }: { portfolio: Portfolio }) {
  const { totals, rolesHeld } = portfolio;
  return (
    <section className="profile__numbers" aria-label="Numbers">
      <dl className="profile__totals" data-testid="profile-totals">
        <div>
          <dt>Posts</dt>
          <dd>{formatCount(totals.posts)}</dd>
        </div>
        <div>
          <dt>Views</dt>
          <dd>{formatCount(totals.views)}</dd>
        </div>
        <div>
          <dt>Likes</dt>
          <dd>{formatCount(totals.likes)}</dd>
        </div>
      </dl>
      {rolesHeld.length > 0 && (
        <ul className="profile__roles" aria-label="Roles" data-testid="profile-roles">
          {rolesHeld.map(({ role, postCount }) => (
            <li key={role.id}>
              <span aria-hidden="true">{role.emoji}</span> {role.name} · {formatCount(postCount)} {plural(postCount, 'post', 'posts')}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
