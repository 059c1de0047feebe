import { useQuery } from '@apollo/client/react';
import { Skeleton } from '@ui/Skeleton';
import { Link, useParams } from '@router';
import * as MESSAGES from '@domain/messages';
import { ProfileAnalytics } from '@features/analytics';
import { EventPage } from '@features/events';
import { ProfileDocument, ViewerDocument } from '@gql/graphql';
import { usePageHead } from '@shell/PageHeadContext';
import { serverRefusal } from '@shell/serverError';
import { PortfolioGrid } from './PortfolioGrid';
import { ProfileHeader } from './ProfileHeader';
import { ProfileNumbers } from './ProfileNumbers';
import { Collaborators } from './Collaborators';
import { ProfileProjects } from './ProfileProjects';
import type { ProfileUser } from './profileTypes';
import './profile.css';

function Loading() {
  return (
    <section className="page" aria-busy="true">
      <Skeleton shape="card" lines={2} label="Loading profile…" />
    </section>
  );
}

function ProfileView({ user, networks }: { user: ProfileUser; networks: Array<{ id: string; title: string }> }) {
  const name = user.name ?? `@${user.username ?? ''}`;
  usePageHead({ title: `${name} (@${user.username ?? ''})`, description: user.portfolio.bio ?? undefined, image: user.avatarUrl ?? undefined });
  return (
    <article className="page profile" aria-labelledby="profile-name">
      <ProfileHeader user={user} />
      <ProfileNumbers portfolio={user.portfolio} />
      {user.username && <ProfileAnalytics userId={user.id} username={user.username} roles={user.portfolio.rolesHeld.map((held) => held.role)} />}
      <PortfolioGrid arrangeAs={user.portfolio.viewerCanArrange ? user.id : null} username={user.username ?? ''} isCompany={user.userType === 'COMPANY'} roles={user.portfolio.rolesHeld.map((held) => held.role)} networks={networks} />
      <Collaborators collaborators={user.portfolio.collaborators} />
      <ProfileProjects projects={user.publicProjects.nodes} />
    </article>
  );
}

/** A portfolio by username: open to everyone, signed out too (shared links). */
function UserProfile({ username }: { username: string }) {
  const { data, loading, error } = useQuery(ProfileDocument, { variables: { username } });
  if (loading && !data) return <Loading />;
  // "User was not found": the name may be an event's (docs/product.md §Events: slugs and usernames
  // never meet), whose page shows the not-found page when it is not one either.
  if (serverRefusal(error)?.code === 'NOT_FOUND') return <EventPage slug={username} />;
  if (error || !data) {
    return (
      <section className="page">
        <p role="alert">{MESSAGES.unexpected}</p>
      </section>
    );
  }
  return <ProfileView user={data.userByUsername} networks={data.networks} />;
}

/** /profile: the viewer's own portfolio (the route is for signed-in users only). */
function OwnProfile() {
  const { data, loading } = useQuery(ViewerDocument);
  if (loading && !data) return <Loading />;
  const username = data?.viewer?.username;
  if (!username) {
    return (
      <section className="page" aria-labelledby="profile-no-username">
        <h1 id="profile-no-username">Your profile</h1>
        <p>Your profile lives at your username. Choose one to share your portfolio.</p>
        <p>
          <Link to={`/signup/username?${new URLSearchParams({ returnTo: '/profile' }).toString()}`}>Choose a username</Link>
        </p>
      </section>
    );
  }
  return <UserProfile username={username} />;
}

/** `/:username` shows that user's profile; `/profile` the viewer's own. */
export default function ProfilePage() {
  const { username } = useParams();
  // Keyed so moving between two profiles starts each one fresh (filters, pages).
  return username ? <UserProfile key={username} username={username} /> : <OwnProfile />;
}

