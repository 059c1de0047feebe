import { skipToken, useQuery } from '@apollo/client/react';
import { lazy } from 'react';
import { Navigate, NavLink, useParams } from '@router';
import * as MESSAGES from '@domain/messages';
import { parseProjectAddress, projectTabOf } from '@domain/projects';
import { ProjectPageDocument, type ProjectDetailsFragment } from '@gql/graphql';
import { usePageHead } from '@shell/PageHeadContext';
import { formatDate } from '@ui/formatDate';
import { Part } from '@ui/Part';
import { Skeleton } from '@ui/Skeleton';
import { ownerName, projectDates, STATUS_LABELS } from './projectLabels';
import { PROJECT_TAB_ENTRIES } from './projectTabs';
import './projects.css';

// Only a missing or hidden project shows it, so a project's first load does not carry it.
const NotFoundPage = lazy(() => import('@shell/NotFoundPage'));

function Loading() {
  return (
    <section className="page" aria-busy="true">
      <Skeleton shape="card" lines={2} label="Loading project…" />
    </section>
  );
}

function ProjectHeader({ project }: { project: ProjectDetailsFragment }) {
  const dates = projectDates(project.startsOn, project.endsOn, (iso) => formatDate(iso, 'UTC'));
  return (
    <div className="project__header">
      <h1 id="project-name" className="project__name">
        {project.name}
      </h1>
      <p className="project__facts">
        <span className={`project-status project-status--${project.status.toLowerCase()}`}>{STATUS_LABELS[project.status]}</span>
        {project.client && <span>For {project.client}</span>}
        <span>By {ownerName(project)}</span>
        {dates && <span>{dates}</span>}
        <span>{project.visibility === 'PUBLIC' ? 'Public' : 'Private'}</span>
      </p>
    </div>
  );
}

function ProjectView({ project, subPath }: { project: ProjectDetailsFragment; subPath: string }) {
  usePageHead({ title: project.name, description: project.client ? `${project.name}, for ${project.client}, on Byline.` : `${project.name} on Byline.` });
  const tab = projectTabOf(subPath);
  const can = project.viewerCan;
  const tabs = PROJECT_TAB_ENTRIES.filter((entry) => entry.shownTo(can));
  const current = tabs.find((entry) => entry.tab === tab);
  if (!current) {
    return (
      <Part fallback={<Loading />}>
        <NotFoundPage />
      </Part>
    );
  }
  const { Component } = current;
  return (
    <article className="page project" aria-labelledby="project-name">
      <ProjectHeader project={project} />
      <nav className="project__tabs" aria-label="Project">
        <ul>
          {tabs.map((entry) => (
            <li key={entry.tab}>
              <NavLink to={entry.tab ? `${project.path}/${entry.tab}` : project.path} end className="project__tab">
                {entry.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <Part fallback={<Skeleton lines={3} label={`Loading ${current.label.toLowerCase()}…`} />}>
        <Component projectId={project.id} publicId={project.publicId} can={can} />
      </Part>
    </article>
  );
}

/**
 * /projects/{publicId}~{slug}[/tab] (docs/product.md §Projects): an old or wrong slug moves to the
 * current address (the server answers 301 first; this covers moves within the app), and an
 * unknown or hidden project is the not-found page.
 */
export default function ProjectPage() {
  const params = useParams<'projectSlug' | '*'>();
  const address = parseProjectAddress(params.projectSlug ?? '');
  const subPath = (params['*'] ?? '').replace(/\/$/, '');
  const { data, loading, error } = useQuery(ProjectPageDocument, address ? { variables: address } : skipToken);
  if (!address) {
    return (
      <Part fallback={<Loading />}>
        <NotFoundPage />
      </Part>
    );
  }
  if (loading && !data) return <Loading />;
  if (error || !data) {
    return (
      <section className="page">
        <p role="alert">{MESSAGES.unexpected}</p>
      </section>
    );
  }
  const found = data.projectByAddress;
  if (!found) {
    return (
      <Part fallback={<Loading />}>
        <NotFoundPage />
      </Part>
    );
  }
  if (!found.slugIsCurrent) return <Navigate to={subPath ? `${found.canonicalPath}/${subPath}` : found.canonicalPath} replace />;
  return <ProjectView project={found.project} subPath={subPath} />;
}
