import { Link } from '@router';
import { Avatar } from '@ui/Avatar';
import type { Portfolio } from './profileTypes';

/** The people most often credited on the same posts (the API gives at most 12 here). */
export function Collaborators({ collaborators }: { collaborators: Portfolio['collaborators'] }) {
  if (collaborators.length === 0) return null;
  return (
    <section className="profile__section" aria-labelledby="profile-collaborators">
      <h2 id="profile-collaborators">Collaborators</h2>
      <ul className="profile__collaborators" data-testid="profile-collaborators">
        {collaborators.map(({ user, sharedPostCount }) => {
          const name = user.name ?? `@${user.username ?? ''}`;
          return (
            <li key={user.id}>
              <Avatar name={user.name} avatarUrl={user.avatarUrl} />
              <span>
                {user.username ? <Link to={`/${user.username}`}>{name}</Link> : name}
                <span className="profile__muted">
                  {' '}
                  · {sharedPostCount} {sharedPostCount === 1 ? 'post' : 'posts'} together
                </span>
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
