import { Link } from '@router';
import type { ProfileUser } from './profileTypes';

/**
 * The public projects the person owns or works on (docs/product.md §Profiles), newest activity
 * first: name, client and their part. Read with the profile itself, so it costs no request.
 */
export function ProfileProjects({ projects }: { projects: ProfileUser['publicProjects']['nodes'] }) {
  if (projects.length === 0) return null;
  return (
    <section className="profile__section" aria-labelledby="profile-projects">
      <h2 id="profile-projects">Projects</h2>
      <ul className="profile__projects">
        {projects.map(({ project, creditRole, isOwner }) => {
          const part = creditRole?.name ?? (isOwner ? 'Owner' : null);
          return (
            <li key={project.id}>
              <Link to={project.path}>{project.name}</Link>
              {(project.client || part) && (
                <span className="profile__muted">
                  {project.client && ` · for ${project.client}`}
                  {part && ` · ${part}`}
                </span>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
