import { MessageButton } from '@features/messages';
import { skipToken, useMutation, useQuery } from '@apollo/client/react';
import { useId, useState, type FormEvent } from 'react';
import { Link } from '@router';
import { CREDIT_ROLES } from '@domain/credit-roles';
import { MAX_APPLICATION_COMMENT_LENGTH } from '@domain/jobs';
import {
  AddJobApplicantToTeamBoardDocument,
  CommentOnJobApplicationDocument,
  JobApplicationDetailsDocument,
  JobTeamProjectsDocument,
  JobTeamStagesDocument,
  SetJobApplicationStatusDocument,
  type JobApplicationStatus,
} from '@gql/graphql';
import { DateText } from '@ui/DateText';
import { EmptyState } from '@ui/EmptyState';
import { Modal } from '@ui/Modal';
import { Select } from '@ui/Select';
import { Skeleton } from '@ui/Skeleton';
import { ApplicationPosts } from './ApplySection';
import { PlainText } from './JobDescription';
import { INTERNAL_STAGES, jobRefusal, STAGE_LABELS } from './jobLabels';

const COMMENTS = 100;
const PROJECTS = 100;
const ROLE_OPTIONS = CREDIT_ROLES.map((role) => ({ value: btoa(`CreditRole:${role.id}`), label: `${role.emoji} ${role.name}` }));
const STAGE_ACTIONS: Readonly<Record<string, string>> = { NEW: 'Move back to new', SHORTLISTED: 'Shortlist', INTERVIEWING: 'Move to interviewing' };

/** Hiring may invite the applicant into one of the team's projects (docs/product.md §Jobs): the project and their role in it. */
function HireProjectChoice({ teamId, projectId, roleId, onProject, onRole }: { teamId: string; projectId: string; roleId: string; onProject: (id: string) => void; onRole: (id: string) => void }) {
  const projects = useQuery(JobTeamProjectsDocument, { variables: { teamId, first: PROJECTS } }).data?.projects.nodes ?? [];
  if (projects.length === 0) return null;
  return (
    <div className="job-dialog__hire">
      <Select label="On hiring, invite into a project" value={projectId} options={[{ value: '', label: 'No project' }, ...projects.map((project) => ({ value: project.id, label: project.name }))]} onChange={onProject} />
      {projectId && <Select label="Their role in it" value={roleId} options={ROLE_OPTIONS} onChange={onRole} />}
    </div>
  );
}

/**
 * Puts the applicant on the team's creator stages board (docs/product.md §Jobs), then says where
 * they are, with a link to the board: the stage chosen, or the one they were already in.
 */
function BoardPlacement({ applicationId, teamId, name }: { applicationId: string; teamId: string; name: string }) {
  const team = useQuery(JobTeamStagesDocument, { variables: { teamId } }).data?.team ?? null;
  const stages = team?.stages ?? [];
  const [stageId, setStageId] = useState('');
  const [placed, setPlaced] = useState<{ stage: string; already: boolean } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [add, adding] = useMutation(AddJobApplicantToTeamBoardDocument, { refetchQueries: ['TeamBoard'] });
  if (!team || stages.length === 0) return null;
  const chosen = stageId || stages[0]!.id;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      const answer = await add({ variables: { input: { applicationId, stageId: chosen } } });
      const result = answer.data?.addJobApplicantToTeamBoard;
      if (result) setPlaced({ stage: result.teamCreator.stage.name, already: result.alreadyOnBoard });
    } catch (failure) {
      setError(jobRefusal(failure).message);
    }
  };
  return (
    <form className="job-dialog__board" onSubmit={submit}>
      <Select label="Creator board stage" value={chosen} options={stages.map((stage) => ({ value: stage.id, label: stage.name }))} onChange={setStageId} />
      <button type="submit" className="button button--outline button--small" disabled={adding.loading}>
        Add to creator board
      </button>
      <p role="status" className="job-row__meta">
        {placed && (
          <>
            {placed.already ? `${name} is already on the creator board, in ${placed.stage}. ` : `${name} was added to ${placed.stage} on the creator board. `}
            <Link to={`/teams/${team.databaseId}#team-stages`}>Open the creator board</Link>
          </>
        )}
      </p>
      {error && (
        <p className="job-form__problem" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}

/**
 * One applicant opened from the table: their message and chosen posts, the stage moves the
 * viewer may make (hire and decline for managers), and the team's own comments, which the
 * applicant never sees (docs/product.md §Jobs).
 */
export function ApplicationDialog({ applicationId, teamId, job, onClose }: { applicationId: string; teamId: string | null; job: { id: string; name: string }; onClose: () => void }) {
  const commentId = useId();
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [projectId, setProjectId] = useState('');
  const [projectRoleId, setProjectRoleId] = useState(ROLE_OPTIONS[0]?.value ?? '');
  const { data, loading } = useQuery(JobApplicationDetailsDocument, applicationId ? { variables: { applicationId, first: COMMENTS }, fetchPolicy: 'cache-and-network' } : skipToken);
  const [setStatus, moving] = useMutation(SetJobApplicationStatusDocument, { refetchQueries: ['JobApplications', 'JobApplicationDetails'] });
  const [comment, commenting] = useMutation(CommentOnJobApplicationDocument, { refetchQueries: ['JobApplicationDetails', 'JobApplications'] });
  const application = data?.node?.__typename === 'JobApplication' ? data.node : null;
  const name = application ? (application.applicant.name ?? `@${application.applicant.username ?? ''}`) : 'Applicant';

  const move = async (status: JobApplicationStatus) => {
    setError(null);
    const hiringInto = status === 'HIRED' && projectId ? { addToProjectId: projectId, projectRoleId } : {};
    try {
      await setStatus({ variables: { input: { applicationId, status, ...hiringInto } } });
    } catch (failure) {
      setError(jobRefusal(failure).message);
    }
  };
  const submitComment = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      await comment({ variables: { input: { applicationId, body } } });
      setBody('');
    } catch (failure) {
      setError(jobRefusal(failure).message);
    }
  };

  const undecided = application ? INTERNAL_STAGES.includes(application.status) : false;
  const comments = application?.teamComments?.nodes ?? [];
  return (
    <Modal title={name} onClose={onClose} testId="job-application" className="job-dialog">
      {!application ? (
        loading ? <Skeleton lines={4} label="Loading the application…" /> : <p role="alert">This application could not be loaded.</p>
      ) : (
        <>
          <p>
            <span className={`job-stage job-stage--${application.status.toLowerCase()}`}>{STAGE_LABELS[application.status]}</span> · Applied <DateText iso={application.createdAt} />
            {application.applicant.username && (
              <>
                {' · '}
                <Link to={`/${encodeURIComponent(application.applicant.username)}`} onClick={onClose}>
                  Profile
                </Link>
              </>
            )}{' '}
            {/* docs/product.md §Messages: writing to an applicant starts a conversation about this job. */}
            <MessageButton userId={application.applicant.id} name={name} jobId={job.id} jobName={job.name} />
          </p>
          {application.message ? <PlainText text={application.message} /> : <p className="job-row__meta">No message.</p>}
          <ApplicationPosts posts={application.posts} label="Posts they applied with" />
          {undecided && (application.viewerCan.moveStage || application.viewerCan.decide) && (
            <div className="job-dialog__stages" role="group" aria-label="Stage">
              {application.viewerCan.moveStage &&
                INTERNAL_STAGES.filter((stage) => stage !== application.status).map((stage) => (
                  <button key={stage} type="button" className="button button--outline button--small" disabled={moving.loading} onClick={() => void move(stage)}>
                    {STAGE_ACTIONS[stage]}
                  </button>
                ))}
              {application.viewerCan.decide && (
                <>
                  {teamId && <HireProjectChoice teamId={teamId} projectId={projectId} roleId={projectRoleId} onProject={setProjectId} onRole={setProjectRoleId} />}
                  <button type="button" className="button button--primary button--small" disabled={moving.loading} onClick={() => void move('HIRED')}>
                    Hire
                  </button>
                  <button type="button" className="button button--outline button--small" disabled={moving.loading} onClick={() => void move('DECLINED')}>
                    Decline
                  </button>
                </>
              )}
            </div>
          )}
          {error && (
            <p className="job-form__problem" role="alert">
              {error}
            </p>
          )}
          {teamId && application.viewerCan.comment && <BoardPlacement applicationId={applicationId} teamId={teamId} name={name} />}
          {application.viewerCan.comment && (
            <section className="job-dialog__comments" aria-labelledby={`${commentId}-heading`}>
              <h3 id={`${commentId}-heading`} className="job__subheading">
                Team comments
              </h3>
              {comments.length === 0 ? (
                <EmptyState title="No comments yet." />
              ) : (
                <ul className="job-comments">
                  {comments.map((item) => (
                    <li key={item.id}>
                      <p>{item.body}</p>
                      <span className="job-row__meta">
                        {item.author?.name ?? item.author?.username ?? 'A former member'} · <DateText iso={item.createdAt} />
                      </span>
                    </li>
                  ))}
                </ul>
              )}
              <form onSubmit={submitComment} className="job-form__field">
                <label htmlFor={commentId}>Comment (the team only)</label>
                <textarea id={commentId} className="text-input" rows={3} required maxLength={MAX_APPLICATION_COMMENT_LENGTH} value={body} onChange={(event) => setBody(event.target.value)} />
                <div className="job-form__actions">
                  <button type="submit" className="button button--primary" disabled={commenting.loading || body.trim() === ''}>
                    Add comment
                  </button>
                </div>
              </form>
            </section>
          )}
        </>
      )}
    </Modal>
  );
}
