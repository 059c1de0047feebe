import { useMutation, useQuery } from '@apollo/client/react';
import { useId, useState, type FormEvent } from 'react';
import { Link } from '@router';
import { JOB_MESSAGES, MAX_APPLICATION_MESSAGE_LENGTH, MAX_APPLICATION_POSTS } from '@domain/jobs';
import { ApplyToJobDocument, JobCreditChoicesDocument, WithdrawJobApplicationDocument, type JobDetailsFragment, type OwnApplicationFragment } from '@gql/graphql';
import { SignUpPromptModal } from '@features/auth';
import { DateText } from '@ui/DateText';
import { EmptyState } from '@ui/EmptyState';
import { Skeleton } from '@ui/Skeleton';
import { useToast } from '@ui/toastContext';
import { PlainText } from './JobDescription';
import { jobRefusal, STAGE_LABELS } from './jobLabels';

/** The credits offered: the server's best matches first (a wanted role), then the newest. */
const CHOICES = 50;

function PostThumb({ post }: { post: { databaseId: number; caption?: string | null; thumbnailUrl?: string | null } }) {
  return (
    <Link to={`/posts/${post.databaseId}`} className="job-post">
      {post.thumbnailUrl ? <img src={post.thumbnailUrl} alt="" width={64} height={64} loading="lazy" /> : <span className="job-post__none" aria-hidden="true" />}
      <span className="job-post__caption">{post.caption?.trim() || `Post ${post.databaseId}`}</span>
    </Link>
  );
}

export function ApplicationPosts({ posts, label }: { posts: ReadonlyArray<{ id: string; databaseId: number; caption?: string | null; thumbnailUrl?: string | null }>; label: string }) {
  if (posts.length === 0) return null;
  return (
    <ul className="job-posts" aria-label={label}>
      {posts.map((post) => (
        <li key={post.id}>
          <PostThumb post={post} />
        </li>
      ))}
    </ul>
  );
}

/** The applicant's own application: never the team's internal stages (the server reads them as New). */
function OwnApplication({ application }: { application: OwnApplicationFragment }) {
  const toast = useToast();
  const [withdraw, { loading }] = useMutation(WithdrawJobApplicationDocument, { refetchQueries: ['JobPage'] });
  const status = application.status === 'NEW' ? 'Sent' : STAGE_LABELS[application.status];
  return (
    <section className="job__section job__own" aria-labelledby="job-own-application">
      <h2 id="job-own-application" className="job__subheading">
        Your application
      </h2>
      <p>
        <span className={`job-stage job-stage--${application.status.toLowerCase()}`}>{status}</span> · Sent <DateText iso={application.createdAt} />
      </p>
      {application.message && <PlainText text={application.message} />}
      <ApplicationPosts posts={application.posts} label="Posts you applied with" />
      {application.viewerCan.withdraw && (
        <button
          type="button"
          className="button button--outline"
          disabled={loading}
          onClick={() => {
            withdraw({ variables: { input: { applicationId: application.id } } }).then(
              () => toast.success('Application withdrawn'),
              (failure: unknown) => toast.error(jobRefusal(failure).message),
            );
          }}
        >
          Withdraw application
        </button>
      )}
    </section>
  );
}

function ApplyForm({ job, onCancel }: { job: JobDetailsFragment; onCancel: () => void }) {
  const messageId = useId();
  const [message, setMessage] = useState('');
  const [chosen, setChosen] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const { data, loading } = useQuery(JobCreditChoicesDocument, { variables: { jobId: job.id, first: CHOICES }, fetchPolicy: 'network-only' });
  const [apply, applying] = useMutation(ApplyToJobDocument, { refetchQueries: ['JobPage'] });
  const credits = data?.node?.__typename === 'Job' ? data.node.viewerCreditChoices : [];
  // One post may carry several of the viewer's credits (two roles): offered once, with its roles.
  const posts = [...new Map(credits.map((credit) => [credit.post.id, { post: credit.post, roles: credits.filter((other) => other.post.id === credit.post.id).map((other) => `${other.role.emoji} ${other.role.name}`) }])).values()];

  const toggle = (postId: string, on: boolean) => setChosen((current) => (on ? [...current, postId] : current.filter((id) => id !== postId)));
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      await apply({ variables: { input: { jobId: job.id, message, postIds: chosen } } });
    } catch (failure) {
      setError(jobRefusal(failure).message);
    }
  };

  return (
    <form className="job-apply" onSubmit={submit} noValidate>
      <div className="job-form__field">
        <label htmlFor={messageId}>Message to the team</label>
        <textarea id={messageId} className="text-input" rows={5} maxLength={MAX_APPLICATION_MESSAGE_LENGTH} value={message} onChange={(event) => setMessage(event.target.value)} />
      </div>
      <fieldset className="job-apply__posts">
        <legend>
          Posts you are credited on ({chosen.length} of at most {MAX_APPLICATION_POSTS} chosen)
        </legend>
        {loading && !data ? (
          <Skeleton lines={3} label="Loading your credited posts…" />
        ) : posts.length === 0 ? (
          <EmptyState title="No credited posts yet.">Posts appear here once you accept a credit on a public post.</EmptyState>
        ) : (
          <ul className="job-choices">
            {posts.map(({ post, roles }) => {
              const on = chosen.includes(post.id);
              return (
                <li key={post.id}>
                  <label className="job-choice">
                    <input type="checkbox" checked={on} disabled={!on && chosen.length >= MAX_APPLICATION_POSTS} onChange={(event) => toggle(post.id, event.target.checked)} />
                    {post.thumbnailUrl ? <img src={post.thumbnailUrl} alt="" width={48} height={48} loading="lazy" /> : <span className="job-post__none" aria-hidden="true" />}
                    <span className="job-choice__text">
                      <span>{post.caption?.trim() || `Post ${post.databaseId}`}</span>
                      <span className="job-row__meta">
                        {roles.join(', ')} · @{post.account.handle}
                      </span>
                    </span>
                  </label>
                </li>
              );
            })}
          </ul>
        )}
      </fieldset>
      {error && (
        <p className="job-form__problem" role="alert">
          {error}
        </p>
      )}
      <div className="job-form__actions">
        <button type="button" className="button button--outline" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="button button--primary" disabled={applying.loading}>
          {applying.loading ? 'Sending...' : 'Send application'}
        </button>
      </div>
    </form>
  );
}

/**
 * Applying (docs/product.md §Jobs): a visitor is asked to sign up first; a creator writes a
 * message and picks credited posts; once sent, they see their application and may withdraw it
 * while the job is open and nothing is decided.
 */
export function ApplySection({ job, signedIn }: { job: JobDetailsFragment; signedIn: boolean }) {
  const [promptOpen, setPromptOpen] = useState(false);
  const [applying, setApplying] = useState(false);
  if (job.viewerApplication) return <OwnApplication application={job.viewerApplication} />;
  if (job.status !== 'OPEN') return null;
  if (!signedIn) {
    return (
      <section className="job__section" aria-labelledby="job-apply">
        <h2 id="job-apply" className="job__subheading">
          Apply
        </h2>
        <p>Apply with a message and the posts your credits prove you made.</p>
        <button type="button" className="button button--primary" onClick={() => setPromptOpen(true)}>
          Apply
        </button>
        <SignUpPromptModal open={promptOpen} onClose={() => setPromptOpen(false)} />
      </section>
    );
  }
  if (!job.viewerCan.apply) {
    // The hiring team does not apply; anyone else is past the deadline's day.
    if (job.viewerCan.seeApplications || job.viewerCan.edit) return null;
    return (
      <p className="job__closed" role="note">
        {JOB_MESSAGES.notOpen}
      </p>
    );
  }
  return (
    <section className="job__section" aria-labelledby="job-apply">
      <h2 id="job-apply" className="job__subheading">
        Apply
      </h2>
      {applying ? (
        <ApplyForm job={job} onCancel={() => setApplying(false)} />
      ) : (
        <button type="button" className="button button--primary" onClick={() => setApplying(true)}>
          Apply
        </button>
      )}
    </section>
  );
}
