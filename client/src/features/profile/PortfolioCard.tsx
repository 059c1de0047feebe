import { Link } from '@router';
import { formatCount, truncate } from '@domain/format';
import { DateText } from '@ui/DateText';
import { PostPicture } from '@ui/PostPicture';
import { ReorderButtons, useDragReorder, type StepDirection } from '@ui/reorderable';
import type { PortfolioPost } from './profileTypes';

const DRAG_TYPE = 'application/x-byline-pinned-post';

/** What the owner may do with a card of their own grid (docs/product.md §Profiles). */
export interface CardArranging {
  onPlace: (placement: 'PINNED' | 'SHOWN' | 'HIDDEN') => void;
  /** Present for a pinned post while the grid shows every pin (no filter): its place among them. */
  order: { index: number; count: number; onMove: (direction: StepDirection) => void; onDropOn: (targetId: string, draggedId: string) => void } | null;
  busy: boolean;
}

/** Where a card's Earlier and Later buttons are found again after a move. */
export function pinButtonsId(postId: string): string {
  return `pin-${postId}`;
}

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

interface PortfolioCardProps {
  post: PortfolioPost;
  isPinned: boolean;
  isHidden: boolean;
  /** For the owner only. */
  arranging: CardArranging | null;
}

/** One post in the portfolio grid, linking to its page; the owner gets pin, hide and order controls. */
export function PortfolioCard({ post, isPinned, isHidden, arranging }: PortfolioCardProps) {
  const author = post.account.displayName ?? `@${post.account.handle}`;
  const caption = post.caption ? truncate(post.caption, CARD_CAPTION_MAX) : `Post by ${author}`;
  const order = arranging?.order ?? null;
  const { dropping, dragProps } = useDragReorder<HTMLLIElement>(DRAG_TYPE, post.id, order !== null, order?.onDropOn ?? noDrop);
  const classes = ['profile__card', isHidden && 'profile__card--hidden', dropping && 'profile__card--drop'].filter(Boolean).join(' ');
  return (
    <li className={classes} data-testid="portfolio-post" data-pinned={isPinned || undefined} data-hidden={isHidden || undefined} {...dragProps}>
      {(isPinned || isHidden) && (
        <p className="profile__card-marks">
          {isPinned && <span className="profile__mark">Pinned</span>}
          {isHidden && <span className="profile__mark profile__mark--hidden">Hidden: only you see it here</span>}
        </p>
      )}
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
      {arranging && (
        <div className="profile__card-actions" role="group" aria-label={`Arrange ${caption}`}>
          {isPinned ? (
            <button type="button" className="button button--outline button--small" disabled={arranging.busy} onClick={() => arranging.onPlace('SHOWN')}>
              Unpin
            </button>
          ) : (
            !isHidden && (
              <button type="button" className="button button--outline button--small" disabled={arranging.busy} onClick={() => arranging.onPlace('PINNED')}>
                Pin
              </button>
            )
          )}
          {isHidden ? (
            <button type="button" className="button button--outline button--small" disabled={arranging.busy} onClick={() => arranging.onPlace('SHOWN')}>
              Show
            </button>
          ) : (
            <button type="button" className="button button--outline button--small" disabled={arranging.busy} onClick={() => arranging.onPlace('HIDDEN')}>
              Hide
            </button>
          )}
          {order && <ReorderButtons idPrefix={pinButtonsId(post.id)} label={caption} index={order.index} count={order.count} className="button button--outline button--small" onMove={order.onMove} />}
        </div>
      )}
    </li>
  );
}

function noDrop(): void {}
