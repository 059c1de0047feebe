import { useQuery } from '@apollo/client/react';
import { lazy, useEffect, useId } from 'react';
import { EmptyState } from '@ui/EmptyState';
import { Part } from '@ui/Part';
import { Skeleton } from '@ui/Skeleton';
import { Link, useLocation, useNavigate } from '@router';
import * as MESSAGES from '@domain/messages';
import { PostCreditsDocument, type CreditItemFragment } from '@gql/graphql';
import { AddCreditButton } from './AddCreditButton';
import { groupByPerson, type CreditedPerson } from './creditPeople';
import { ADD_CREDIT_HASH } from './creditLinks';
import { ReportCreditButton } from './reports/ReportCreditButton';
import { ReportableCreditsContext, reportableCreditIds } from './reports/reportableCredits';
import './credits.css';

// What only some viewers may do (answer a credit, remove one, take a suggestion) loads when the
// server says this viewer may: a visitor reading the credits never downloads it (docs/product.md
// §Performance).
const CreditResponseButtons = lazy(() => import('./CreditResponseButtons').then((module) => ({ default: module.CreditResponseButtons })));
const RemoveCreditButton = lazy(() => import('./RemoveCreditButton'));
const CreditSuggestions = lazy(() => import('./suggestions/CreditSuggestions').then((module) => ({ default: module.CreditSuggestions })));

interface PostCreditsProps {
  /** The post's number (its page link's). */
  postDatabaseId: number;
}

/** A post's credits are shown whole: a hundred is more than any post has in practice (the API's page maximum). */
const CREDITS_SHOWN = 100;

/**
 * Who asked for a pending credit, so the credited person knows whom they answer. A pending credit
 * always comes from someone else (one's own is accepted at once), so no adder means the adder
 * deleted their account: the credit is kept, "added by a former member".
 */
function addedByText(credit: CreditItemFragment, viewerId: string | null): string {
  const { addedBy } = credit;
  if (!addedBy) return 'added by a former member';
  if (addedBy.id === viewerId) return 'added by you';
  return `added by ${addedBy.name ?? addedBy.username ?? 'a member'}`;
}

function CreditChip({ credit, personName, viewerId }: { credit: CreditItemFragment; personName: string; viewerId: string | null }) {
  const pending = credit.status === 'PENDING';
  return (
    <li className={pending ? 'credit-chip credit-chip--pending' : 'credit-chip'} data-testid="credit-chip" data-status={credit.status}>
      <span className="credit-chip__role">
        <span aria-hidden="true">{credit.role.emoji}</span> {credit.role.name}
      </span>
      {pending && <span className="credit-chip__pending">Pending</span>}
      {pending && <span className="credit-chip__added-by">{addedByText(credit, viewerId)}</span>}
      {/* Answering is for pending credits; an accepted one is taken back with Remove. */}
      {pending && (credit.viewerCan.accept || credit.viewerCan.decline) && (
        <Part fallback={null}>
          <CreditResponseButtons credit={credit} />
        </Part>
      )}
      <ReportCreditButton creditId={credit.id} personName={personName} roleLabel={`${credit.role.emoji} ${credit.role.name}`} />
      {credit.viewerCan.remove && (
        <Part fallback={null}>
          <RemoveCreditButton credit={credit} personName={personName} />
        </Part>
      )}
    </li>
  );
}

function PersonCredits({ person, viewerId }: { person: CreditedPerson; viewerId: string | null }) {
  return (
    <li className="credited-person">
      <span className="credited-person__name">
        {person.profilePath ? <Link to={person.profilePath}>{person.name}</Link> : person.name}
      </span>
      <ul className="credited-person__roles" aria-label={`${person.name}’s roles`}>
        {person.credits.map((credit) => (
          <CreditChip key={credit.id} credit={credit} personName={person.name} viewerId={viewerId} />
        ))}
      </ul>
    </li>
  );
}

/**
 * The post page's credits: grouped by person, each role a chip with its emoji. Pending
 * credits come from the server only to the people concerned and are marked "Pending";
 * Accept / Decline / Remove follow the credit's `viewerCan`. "Add credit" shows for anyone
 * signed in: those who may credit others on the post can, everyone else can credit
 * themselves (the dialog knows which). `/posts/{id}#add-credit` opens the dialog.
 */
export function PostCredits({ postDatabaseId }: PostCreditsProps) {
  const headingId = useId();
  const { data, loading, error } = useQuery(PostCreditsDocument, { variables: { databaseId: postDatabaseId, first: CREDITS_SHOWN } });
  const { hash, pathname, search } = useLocation();
  const navigate = useNavigate();
  const post = data?.postByDatabaseId ?? null;
  const signedIn = Boolean(data?.viewer);
  const wantsDialog = hash === `#${ADD_CREDIT_HASH}`;
  const panelReady = post !== null;
  useEffect(() => {
    if (wantsDialog && panelReady) document.getElementById(ADD_CREDIT_HASH)?.scrollIntoView?.({ block: 'center' });
  }, [wantsDialog, panelReady]);

  // Drop the hash so a reload does not open the dialog again.
  const dropDialogHash = () => void navigate({ pathname, search }, { replace: true });

  const credits = (post?.credits.nodes ?? []).filter((credit) => credit.status !== 'DECLINED');
  const people = groupByPerson(credits);

  return (
    <section className="post__section post-credits" aria-labelledby={headingId} id="credits">
      <div className="post-credits__head">
        <h2 id={headingId}>Credits</h2>
        {post && signedIn && (
          // The track box's "Credit people" link lands here: the dialog opens once the panel knows who is looking.
          <AddCreditButton postId={post.id} mayCreditOthers={post.viewerCan.addCredit} openedByLink={wantsDialog} onLinkDialogClosed={dropDialogHash} />
        )}
      </div>
      {loading && !data && <Skeleton lines={2} label="Loading credits…" />}
      {error && !data && <p role="alert">{MESSAGES.unexpected}</p>}
      {post && people.length === 0 && <EmptyState title="No one is credited yet." />}
      {people.length > 0 && (
        <ReportableCreditsContext value={reportableCreditIds(credits)}>
          <ul className="post__credits" data-testid="post-credits">
            {people.map((person) => (
              <PersonCredits key={person.key} person={person} viewerId={data?.viewer?.id ?? null} />
            ))}
          </ul>
        </ReportableCreditsContext>
      )}
      {post?.viewerCan.addCredit && (
        <Part fallback={null}>
          <CreditSuggestions postId={post.id} />
        </Part>
      )}
    </section>
  );
}
