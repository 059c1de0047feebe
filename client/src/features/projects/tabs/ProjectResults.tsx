import { useQuery } from '@apollo/client/react';
import { useId } from 'react';
import { formatCount } from '@domain/format';
import { loadStatsChart } from '@features/analytics';
import { ProjectOverviewResultsDocument } from '@gql/graphql';
import { EmptyState } from '@ui/EmptyState';
import { lazyWhenOpen } from '@ui/lazyWhenOpen';
import { Skeleton } from '@ui/Skeleton';

/**
 * The chart's code loads once there is something to draw, never with the overview itself: a
 * project with nothing published, the usual case early on, costs no chart at all.
 */
const ResultsChart = lazyWhenOpen(loadStatsChart);

/** The product's words for a project with nothing out yet (docs/product.md §Projects). */
export const NO_RESULTS_YET = 'Results show here once a deliverable is published.';

/**
 * What the project's published deliverables have done (docs/product.md §Projects): their posts'
 * latest views and likes added up, each post once, and the same posts over time through the
 * analytics chart with the project as its subject. Posts the viewer may not see count for nothing.
 */
export function ProjectResults({ projectId }: { projectId: string }) {
  const headingId = useId();
  const { data, error } = useQuery(ProjectOverviewResultsDocument, { variables: { id: projectId } });
  const results = data?.node?.__typename === 'Project' ? data.node.results : null;
  const published = results !== null && results !== undefined && results.publishedPosts > 0;
  return (
    <div className="project__section project-results">
      <section aria-labelledby={headingId}>
        <h2 id={headingId}>Results</h2>
        {!data && !error && <Skeleton shape="card" lines={1} label="Loading results…" />}
        {error && !data && (
          <p className="notice notice--error" role="alert">
            The results could not be loaded. Try again in a moment.
          </p>
        )}
        {data && !published && <EmptyState title={NO_RESULTS_YET} />}
        {published && (
          <dl className="project__details project-results__totals" data-testid="project-results-totals">
            <div>
              <dt>Published posts</dt>
              <dd>{formatCount(results.publishedPosts)}</dd>
            </div>
            <div>
              <dt>Views</dt>
              <dd>{formatCount(results.views)}</dd>
            </div>
            <div>
              <dt>Likes</dt>
              <dd>{formatCount(results.likes)}</dd>
            </div>
          </dl>
        )}
      </section>
      <ResultsChart open={published} subject={{ projectId }} heading="Results over time" />
    </div>
  );
}
