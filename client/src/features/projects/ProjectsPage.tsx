import { useApolloClient, useMutation, useQuery } from '@apollo/client/react';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from '@router';
import { ProjectsListDocument, ProjectsPageExtrasDocument, RespondToProjectInvitationDocument, type ProjectInvitationFragment, type ProjectStatus, type ProjectSummaryFragment } from '@gql/graphql';
import { EmptyState } from '@ui/EmptyState';
import { formatDate } from '@ui/formatDate';
import { PageFrame } from '@ui/PageFrame';
import { Select } from '@ui/Select';
import { Skeleton } from '@ui/Skeleton';
import { TextField } from '@ui/TextField';
import { useToast } from '@ui/toastContext';
import { useMorePages } from '@ui/useMorePages';
import { withParam } from '@ui/urlFilters';
import { CreateProjectModal, type OwnerChoice } from './CreateProjectModal';
import { ownerName, PERMISSION_LABELS, projectDates, projectErrorMessage, STATUS_LABELS, STATUS_OPTIONS } from './projectLabels';
import './projects.css';

const PAGE_SIZE = 25;

function isStatus(value: string | null): value is ProjectStatus {
  return value !== null && value in STATUS_LABELS;
}

function ProjectRow({ project }: { project: ProjectSummaryFragment }) {
  const dates = projectDates(project.startsOn, project.endsOn, (iso) => formatDate(iso, 'UTC'));
  return (
    <li className="projects__row">
      <div className="projects__summary">
        <Link to={project.path} className="projects__name">
          {project.name}
        </Link>
        <span className="projects__muted">
          {[project.client, ownerName(project), dates].filter(Boolean).join(' · ')}
        </span>
      </div>
      <span className={`project-status project-status--${project.status.toLowerCase()}`}>{STATUS_LABELS[project.status]}</span>
    </li>
  );
}

function Invitations({ invitations }: { invitations: readonly ProjectInvitationFragment[] }) {
  const toast = useToast();
  const navigate = useNavigate();
  const [respond, { loading }] = useMutation(RespondToProjectInvitationDocument, { refetchQueries: ['ProjectsPageExtras', 'ProjectsList'] });
  const answer = async (invitation: ProjectInvitationFragment, accept: boolean) => {
    try {
      await respond({ variables: { input: { collaboratorId: invitation.id, accept } } });
      if (accept && invitation.project) navigate(invitation.project.path);
      else toast.success('Invitation declined');
    } catch (failure) {
      toast.error(projectErrorMessage(failure));
    }
  };
  return (
    <section className="projects__section" aria-labelledby="projects-invitations">
      <h2 id="projects-invitations" className="projects__subheading">
        Invitations
      </h2>
      <ul className="projects__list">
        {invitations.map((invitation) => {
          const name = invitation.project?.name ?? 'A project';
          return (
            <li key={invitation.id} className="projects__row">
              <div className="projects__summary">
                <span className="projects__name">{name}</span>
                <span className="projects__muted">
                  {invitation.project ? `${ownerName(invitation.project)} · ` : ''}
                  {invitation.creditRole.name} · {PERMISSION_LABELS[invitation.permission]}
                </span>
              </div>
              <div className="projects__row-actions">
                <button type="button" className="button button--primary button--small" disabled={loading} aria-label={`Accept the invitation to ${name}`} onClick={() => void answer(invitation, true)}>
                  Accept
                </button>
                <button type="button" className="button button--outline button--small" disabled={loading} aria-label={`Decline the invitation to ${name}`} onClick={() => void answer(invitation, false)}>
                  Decline
                </button>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/**
 * /projects: the projects the viewer owns, works on or sees through a team, newest activity first
 * (docs/product.md §Projects). Status, team and name search live in the address, so a filtered
 * list can be bookmarked; `?new=1` (a team page's "New project") opens the form.
 */
/**
 * The owner a new project starts with: the team whose projects are shown, else the current team
 * (docs/product.md §Teams), when the viewer manages it; else the viewer.
 */
function firstOwner(owners: readonly OwnerChoice[], pageTeamId: string | null, currentTeamId: string | null): string {
  const managed = (teamId: string | null) => teamId !== null && owners.some((owner) => owner.teamId === teamId);
  if (managed(pageTeamId)) return pageTeamId ?? '';
  return managed(currentTeamId) ? (currentTeamId ?? '') : '';
}

export default function ProjectsPage() {
  const client = useApolloClient();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const status = isStatus(params.get('status')) ? (params.get('status') as ProjectStatus) : null;
  const teamId = params.get('team');
  const search = params.get('q');
  const [text, setText] = useState(search ?? '');
  const [creating, setCreating] = useState(params.get('new') === '1');

  const variables = { first: PAGE_SIZE, status, teamId, search };
  const { data, loading, error } = useQuery(ProjectsListDocument, { variables, fetchPolicy: 'cache-and-network' });
  const extras = useQuery(ProjectsPageExtrasDocument, { fetchPolicy: 'cache-and-network' }).data;
  const { items: projects, hasNextPage, loadMore, loadingMore, sentinel } = useMorePages(JSON.stringify(variables), data?.projects, async (after) => {
    const result = await client.query({ query: ProjectsListDocument, variables: { ...variables, after } });
    return result.data?.projects;
  });

  const teams = (extras?.viewerTeams.nodes ?? []).filter((membership) => membership.status === 'ACTIVE' && membership.role !== 'PRO_ONLY').map((membership) => membership.team);
  const owners: OwnerChoice[] = [{ teamId: '', label: 'You' }, ...teams.filter((team) => team.viewerCan.manage).map((team) => ({ teamId: team.id, label: team.name }))];
  const filtered = Boolean(status || teamId || search);

  const submitSearch = (event: FormEvent) => {
    event.preventDefault();
    setParams(withParam(params, 'q', text.trim() || null));
  };

  return (
    <PageFrame heading="Projects" purpose="Plan a production with the people making it: concepts, deliverables and costs, and credits that follow the posts out.">
      <div className="projects__toolbar">
        <button type="button" className="button button--primary" onClick={() => setCreating(true)}>
          New project
        </button>
      </div>
      {extras && extras.projectInvitations.nodes.length > 0 && <Invitations invitations={extras.projectInvitations.nodes} />}
      <section className="projects__section" aria-labelledby="projects-yours">
        <h2 id="projects-yours" className="projects__subheading">
          Your projects
        </h2>
        <div className="projects__filters">
          <form role="search" aria-label="Search projects" className="projects__search" onSubmit={submitSearch}>
            <TextField type="search" label="Project name" hideLabel placeholder="Search by name" value={text} onChange={setText} />
            <button type="submit" className="button button--outline">
              Search
            </button>
          </form>
          <Select label="Status" value={status ?? ''} options={[{ value: '', label: 'Any status' }, ...STATUS_OPTIONS]} onChange={(next) => setParams(withParam(params, 'status', next || null))} />
          {teams.length > 0 && (
            <Select label="Team" value={teamId ?? ''} options={[{ value: '', label: 'Any owner' }, ...teams.map((team) => ({ value: team.id, label: team.name }))]} onChange={(next) => setParams(withParam(params, 'team', next || null))} />
          )}
        </div>
        {!data && loading && <Skeleton lines={3} label="Loading your projects…" />}
        {!data && error && <p role="alert">{projectErrorMessage(error)}</p>}
        {data && projects.length === 0 && (
          <EmptyState title={filtered ? 'No project matches these filters.' : 'No projects yet.'}>
            {filtered ? 'Try another status or name.' : 'Start one for a campaign or a shoot, then invite the people making it.'}
          </EmptyState>
        )}
        {projects.length > 0 && (
          <ul className="projects__list" aria-label="Projects">
            {projects.map((project) => (
              <ProjectRow key={project.id} project={project} />
            ))}
          </ul>
        )}
        <div ref={sentinel} />
        {hasNextPage && (
          <button type="button" className="button button--outline" disabled={loadingMore} onClick={() => void loadMore()}>
            {loadingMore ? 'Loading...' : 'More projects'}
          </button>
        )}
      </section>
      {/* The form waits for the teams, so that the page's team, else the current team, is the owner chosen. */}
      {creating && extras && (
        <CreateProjectModal
          owners={owners}
          initialTeamId={firstOwner(owners, teamId, extras.viewer?.currentTeamId ?? null)}
          onClose={() => setCreating(false)}
          onCreated={(path) => navigate(path)}
        />
      )}
    </PageFrame>
  );
}
