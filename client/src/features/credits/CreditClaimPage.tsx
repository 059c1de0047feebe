import { useMutation, useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { Link, useParams } from '@router';
import * as MESSAGES from '@domain/messages';
import { ClaimCreditDocument, CreditClaimDocument, type CreditItemFragment } from '@gql/graphql';
import { serverRefusal } from '@shell/serverError';
import { PageFrame } from '@ui/PageFrame';
import { PostPicture } from '@ui/PostPicture';
import { Skeleton } from '@ui/Skeleton';
import { CreditResponseButtons } from './CreditResponseButtons';
import './credits.css';

type Answer = 'ACCEPTED' | 'DECLINED';

/**
 * `/credits/claim/:token`: the link mailed to an invitee (or shared for a handle). Signed-out
 * visitors never get here: the page is not public, so docs/product.md §Access sends them to sign up
 * with returnTo and they come back signed in. Claim makes the credit theirs (pending), then they
 * accept or decline it like any other.
 */
export default function CreditClaimPage() {
  const { token = '' } = useParams();
  const preview = useQuery(CreditClaimDocument, { variables: { token } });
  const [claimCredit, claiming] = useMutation(ClaimCreditDocument);
  const [credit, setCredit] = useState<CreditItemFragment | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [answer, setAnswer] = useState<Answer | null>(null);

  const claim = async () => {
    setProblem(null);
    try {
      const { data } = await claimCredit({ variables: { input: { token } } });
      setCredit(data?.claimCredit.credit ?? null);
    } catch (error) {
      setProblem(serverRefusal(error)?.message ?? MESSAGES.unexpected);
    }
  };

  const claimPreview = preview.data?.creditClaim;
  const post = claimPreview?.post;
  const postPath = post ? `/posts/${post.databaseId}` : null;
  const author = post ? (post.account.displayName ?? `@${post.account.handle}`) : '';
  // An invitee's credit always has an adder; none left means they deleted their account (the credit is kept).
  const who = claimPreview?.addedBy ? (claimPreview.addedBy.name ?? claimPreview.addedBy.username ?? 'Someone') : 'A former member';

  return (
    <PageFrame heading="Claim your credit" purpose="Someone credited you on a post before you were on Byline.">
      {preview.loading && <Skeleton shape="card" lines={1} label="Loading…" />}
      {preview.error && <p role="alert">{MESSAGES.unexpected}</p>}
      {preview.data && !claimPreview && <p role="alert">{MESSAGES.linkInvalid}</p>}
      {claimPreview && post && postPath && (
        <div className="credit-claim" data-testid="credit-claim">
          <div className="credit-claim__post">
            <PostPicture className="credit-claim__thumb" src={post.thumbnailUrl} network={post.network} width={80} height={80} />
            <p>
              {who} credited {claimPreview.inviteeDisplayName} as{' '}
              <strong>
                <span aria-hidden="true">{claimPreview.role.emoji}</span> {claimPreview.role.name}
              </strong>{' '}
              on <Link to={postPath}>a post by {author}</Link> on {post.network.title}.
            </p>
          </div>

          {!credit && <p>If that is you, claim the credit to make it yours.</p>}
          {!credit && (
            <button type="button" className="button button--primary" disabled={claiming.loading} onClick={() => void claim()}>
              {claiming.loading ? 'Claiming…' : 'Claim'}
            </button>
          )}
          {problem && <p role="alert">{problem}</p>}

          {credit && !answer && (
            <div className="credit-claim__answer">
              <p>The credit is yours. Accept it to show it on the post and your profile, or decline it.</p>
              <CreditResponseButtons credit={credit} onAnswered={setAnswer} />
            </div>
          )}
          {answer && (
            <p role="status">
              {answer === 'ACCEPTED' ? 'Credit accepted. ' : 'Credit declined. '}
              <Link to={postPath}>See the post</Link>
            </p>
          )}
        </div>
      )}
    </PageFrame>
  );
}
