import { Link } from '@router';
import { formatCount, truncate } from '@domain/format';
import { DateText } from '@ui/DateText';
import { PostPicture } from '@ui/PostPicture';
import type { PortfolioPost } from './profileTypes';

const CARD_CAPTION_MAX = 90;
const CARD_CREDITS_SHOWN = 3;

/** Who made the post, as a short line: the first few credits and how many more. */
function CreditLine({ credits }: { credits: PortfolioPost['credits']['nodes'] }) {
  const named = credits.filter((credit) => credit.user);
  if (named.length === 0) return null;
  const shown = named.slice(0, CARD_CREDITS_SHOWN);
  const more = named.length - shown.length;
  return (
    <p className="profile__card-credits">
      {shown.map((credit, index) => (
        <span key={credit.id}>
          {index > 0 && ', '}
          <span aria-hidden="true">{credit.role.emoji}</span> <span className="visually-hidden">{credit.role.name}: </span>
          {credit.user?.name ?? `@${credit.user?.username ?? ''}`}
        </span>
      ))}
      {more > 0 && ` +${more} more`}
    </p>
  );
}

/** One post in the portfolio grid, linking to its page. */
export function PortfolioCard({ post }: { post: PortfolioPost }) {
  const author = post.account.displayName ?? `@${post.account.handle}`;
  const caption = post.caption ? truncate(post.caption, CARD_CAPTION_MAX) : `Post by ${author}`;
  return (
    <li className="profile__card" data-testid="portfolio-post">
      <Link to={`/posts/${post.databaseId}`} className="profile__card-link">
        <PostPicture className="profile__card-picture" src={post.thumbnailUrl} network={post.network} width={320} height={320} lazy />
        <span className="profile__card-caption">{caption}</span>
      </Link>
      <p className="profile__muted">
        {post.network.title}
        {post.stats.views !== null && ` · ${formatCount(post.stats.views)} views`}
        {' · '}
        <DateText iso={post.postedAt ?? post.importedAt} />
        {post.isPrivate && ' · Private'}
      </p>
      <CreditLine credits={post.credits.nodes} />
    </li>
  );
}
