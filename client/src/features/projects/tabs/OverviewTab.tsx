import { useMutation, useQuery } from '@apollo/client/react';
import { useState, type FormEvent } from 'react';
import { MAX_PROJECT_CLIENT_NAME_LENGTH, MAX_PROJECT_NAME_LENGTH } from '@domain/projects';
import { ProjectDetailsByIdDocument, UpdateProjectDocument, type ProjectDetailsFragment, type ProjectStatus, type ProjectVisibility } from '@gql/graphql';
import { useNavigate } from '@router';
import { formatDate } from '@ui/formatDate';
import { Select } from '@ui/Select';
import { TextField } from '@ui/TextField';
import { useToast } from '@ui/toastContext';
import { DateField, FormEnd, VisibilitySelect } from '../ProjectFormFields';
import { ownerName, projectDates, projectErrorMessage, STATUS_LABELS, STATUS_OPTIONS } from '../projectLabels';
import { ProjectResults } from './ProjectResults';
import type { ProjectTabProps } from './types';

function Details({ project }: { project: ProjectDetailsFragment }) {
  const dates = projectDates(project.startsOn, project.endsOn, (iso) => formatDate(iso, 'UTC'));
  return (
    <dl className="project__details">
      <div>
        <dt>Client</dt>
        <dd>{project.client ?? 'Not named'}</dd>
      </div>
      <div>
        <dt>Dates</dt>
        <dd>{dates ?? 'Not set'}</dd>
      </div>
      <div>
        <dt>Status</dt>
        <dd>{STATUS_LABELS[project.status]}</dd>
      </div>
      <div>
        <dt>Owner</dt>
        <dd>{ownerName(project)}</dd>
      </div>
      <div>
        <dt>Who can see it</dt>
        <dd>{project.visibility === 'PUBLIC' ? 'Anyone with the link (never its costs)' : 'Its collaborators only'}</dd>
      </div>
    </dl>
  );
}

/** The project's details as a form: owners and editors change them; only owners change who sees it. */
function EditDetails({ project, canChangeVisibility, onDone }: { project: ProjectDetailsFragment; canChangeVisibility: boolean; onDone: () => void }) {
  const toast = useToast();
  const navigate = useNavigate();
  const [name, setName] = useState(project.name);
  // A client that is a company on Byline keeps that link unless a name is typed over it.
  const [clientName, setClientName] = useState(project.client ?? '');
  const [startsOn, setStartsOn] = useState(project.startsOn ?? '');
  const [endsOn, setEndsOn] = useState(project.endsOn ?? '');
  const [status, setStatus] = useState<ProjectStatus>(project.status);
  const [visibility, setVisibility] = useState<ProjectVisibility>(project.visibility);
  const [error, setError] = useState<string | null>(null);
  const [updateProject, { loading }] = useMutation(UpdateProjectDocument);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const clientChanged = clientName.trim() !== (project.client ?? '');
    try {
      const result = await updateProject({
        variables: {
          input: {
            projectId: project.id,
            name,
            ...(clientChanged ? { clientName: clientName.trim() || null, clientUserId: null } : {}),
            startsOn: startsOn || null,
            endsOn: endsOn || null,
            status,
            ...(canChangeVisibility ? { visibility } : {}),
          },
        },
      });
      const updated = result.data?.updateProject.project;
      if (!updated) return;
      toast.success('Project saved');
      onDone();
      // A new name is a new address; the old one would still lead here, but the bar should say the new one.
      if (updated.path !== project.path) navigate(updated.path, { replace: true });
    } catch (failure) {
      setError(projectErrorMessage(failure));
    }
  };

  return (
    <form className="projects__form" onSubmit={submit} noValidate aria-label="Project details">
      <TextField label="Project name" value={name} onChange={setName} required maxLength={MAX_PROJECT_NAME_LENGTH} />
      <TextField label="Client" value={clientName} onChange={setClientName} maxLength={MAX_PROJECT_CLIENT_NAME_LENGTH} />
      <div className="projects__dates">
        <DateField label="Starts" value={startsOn} onChange={setStartsOn} />
        <DateField label="Ends" value={endsOn} onChange={setEndsOn} />
      </div>
      <Select label="Status" value={status} options={STATUS_OPTIONS} onChange={setStatus} />
      {canChangeVisibility && <VisibilitySelect value={visibility} onChange={setVisibility} />}
      <FormEnd error={error} busy={loading} submitLabel="Save" busyLabel="Saving..." onCancel={onDone} />
    </form>
  );
}

/** The overview: what the project is, and for owners and editors, the form to change it. */
export default function OverviewTab({ projectId, can }: ProjectTabProps) {
  const [editing, setEditing] = useState(false);
  const { data } = useQuery(ProjectDetailsByIdDocument, { variables: { id: projectId } });
  const project = data?.node?.__typename === 'Project' ? data.node : null;
  if (!project) return null;
  return (
    <section className="project__section" aria-labelledby="project-overview">
      <div className="project__section-head">
        <h2 id="project-overview">Overview</h2>
        {can.edit && !editing && (
          <button type="button" className="button button--outline button--small" onClick={() => setEditing(true)}>
            Edit details
          </button>
        )}
      </div>
      {editing ? <EditDetails project={project} canChangeVisibility={can.manageCollaborators} onDone={() => setEditing(false)} /> : <Details project={project} />}
      <ProjectResults projectId={projectId} />
    </section>
  );
}
