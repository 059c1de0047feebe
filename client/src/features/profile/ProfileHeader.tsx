import { useQuery } from '@apollo/client/react';
import { lazy } from 'react';
import { Link } from '@router';
import { Part } from '@ui/Part';
import { formatCount } from '@domain/format';
import { loadAddToListButton } from '@features/lists';
import { loadMessageButton } from '@features/messages';
import { ViewerDocument } from '@gql/graphql';
import { Avatar } from '@ui/Avatar';
import { AvailabilityBadge } from '@ui/AvailabilityBadge';
import type { ProfileUser } from './profileTypes';

// Shown only to a signed-in viewer on someone else's profile: visitors and the owner (`/profile`)
// never load it, which keeps the owner's first load under the 150 KB of docs/product.md
// §Performance.
const AddToListButton = lazy(loadAddToListButton);
const MessageButton = lazy(loadMessageButton);

const USER_TYPE_LABELS = { COMPANY: 'Company', CREATOR: 'Creator' } as const;

/** Only web addresses become links: a stored website is text a user typed. */
function safeHref(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}

function SocialAccounts({ accounts }: { accounts: ProfileUser['portfolio']['socialAccounts'] }) {
  if (accounts.length === 0) return null;
  return (
    <ul className="profile__accounts" aria-label="Social accounts" data-testid="profile-accounts">
      {accounts.map((account) => {
        const label = `@${account.handle} on ${account.network.title}`;
        return (
          <li key={account.id}>
            {account.profileUrl ? (
              <a href={account.profileUrl} target="_blank" rel="noopener noreferrer me">
                {label}
              </a>
            ) : (
              label
            )}
            {account.followerCount !== null && <span className="profile__followers"> · {formatCount(account.followerCount)} followers</span>}
          </li>
        );
      })}
    </ul>
  );
}

/** Who the profile is: picture, name, type, badges, place, bio, website and accounts. */
export function ProfileHeader({ user }: { user: ProfileUser }) {
  const { data: viewerData } = useQuery(ViewerDocument);
  const viewer = viewerData?.viewer ?? null;
  const { portfolio } = user;
  const website = portfolio.website ? safeHref(portfolio.website) : null;
  return (
    <div className="profile__header">
      <div className="profile__avatar">
        <Avatar name={user.name} avatarUrl={user.avatarUrl} />
      </div>
      <div className="profile__identity">
        <h1 id="profile-name">{user.name ?? `@${user.username ?? ''}`}</h1>
        <p className="profile__username">
          @{user.username}
          {user.userType && <span className="profile__type"> · {USER_TYPE_LABELS[user.userType]}</span>}
        </p>
        {user.badges.length > 0 && (
          <ul className="profile__badges" aria-label="Badges">
            {user.badges.map((badge) => (
              <li key={badge} className="profile__badge">
                {badge}
              </li>
            ))}
          </ul>
        )}
        <AvailabilityBadge availability={user.availability} />
        {portfolio.locationName && <p className="profile__location">{portfolio.locationName}</p>}
        {portfolio.bio && <p className="profile__bio">{portfolio.bio}</p>}
        {website && (
          <p className="profile__website">
            <a href={website} target="_blank" rel="noopener noreferrer me">
              {portfolio.website}
            </a>
          </p>
        )}
        <SocialAccounts accounts={portfolio.socialAccounts} />
        {/* docs/product.md §Jobs: a company's profile leads to the jobs it is hiring for. */}
        {user.userType === 'COMPANY' && user.username && (
          <p className="profile__jobs">
            <Link to={`/${encodeURIComponent(user.username)}/jobs`}>Jobs at {user.name ?? `@${user.username}`}</Link>
          </p>
        )}
        {viewer && viewer.id !== user.id && (
          <Part fallback={null}>
            <AddToListButton userId={user.id} />
            <MessageButton userId={user.id} name={user.name ?? `@${user.username ?? ''}`} />
          </Part>
        )}
      </div>
    </div>
  );
}
