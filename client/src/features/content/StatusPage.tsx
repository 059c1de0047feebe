import { useQuery } from '@apollo/client/react';
import { SERVICE_COMPONENT_LABELS, SERVICE_STATE_LABELS, type ServiceComponent, type ServiceState } from '@domain/service-status';
import { ServiceStatusDocument, type ServiceStatusQuery } from '@gql/graphql';
import { Link } from '@router';
import { PageFrame } from '@ui/PageFrame';
import { useHydrated } from '@ui/useHydrated';
import './content.css';

type Part = ServiceStatusQuery['serviceStatus']['components'][number];

const HEADLINES: Readonly<Record<ServiceState, string>> = {
  up: 'Everything is working.',
  degraded: 'Byline works, but some parts are slow or limited.',
  down: 'Some parts of Byline are not working. We are on it.',
};

function stateOf(value: string): ServiceState {
  return value.toLowerCase() as ServiceState;
}

/** The time of a check: the reader's clock once the app runs, UTC on the server-rendered page (the same text on both sides). */
function CheckedAt({ iso }: { iso: string }) {
  const hydrated = useHydrated();
  const time = new Date(iso).toLocaleTimeString('en-GB', hydrated ? {} : { timeZone: 'UTC' });
  return <time dateTime={iso}>{hydrated ? time : `${time} UTC`}</time>;
}

function PartRow({ part }: { part: Part }) {
  const state = stateOf(part.state);
  const isAdminView = part.latencyMs !== null;
  return (
    <li className="status-part">
      <span className="status-part__name">{SERVICE_COMPONENT_LABELS[part.component.toLowerCase() as ServiceComponent]}</span>
      <span className={`status-badge status-badge--${state}`}>{SERVICE_STATE_LABELS[state]}</span>
      <span className="status-part__checked">
        Checked at <CheckedAt iso={part.checkedAt} />
      </span>
      {isAdminView && (
        <span className="status-part__detail">
          {part.latencyMs} ms{part.detail ? ` · ${part.detail}` : ''}
        </span>
      )}
    </li>
  );
}

/**
 * docs/product.md §Status: up, degraded or down for each part of the service, with when it was
 * checked. Open to everyone; admins also see how long each check took and why one failed.
 * Checks are reused for 30 seconds by the server, so "Check again" cannot hammer anything.
 */
export default function StatusPage() {
  const { data, error, loading, refetch } = useQuery(ServiceStatusDocument, { fetchPolicy: 'cache-and-network' });
  const status = data?.serviceStatus;
  return (
    <PageFrame heading="Status" purpose="Whether Byline is working right now, part by part.">
      {status ? (
        <>
          <p className={`status-headline status-headline--${stateOf(status.state)}`} role="status">
            {HEADLINES[stateOf(status.state)]}
          </p>
          <ul className="status-parts" aria-label="Parts of Byline">
            {status.components.map((part) => (
              <PartRow key={part.component} part={part} />
            ))}
          </ul>
        </>
      ) : error ? (
        <p className="status-headline status-headline--down" role="alert">
          Byline did not answer. It may be down, or your connection may be: try again in a minute.
        </p>
      ) : (
        <div className="status-parts__placeholder" aria-busy="true" />
      )}
      <p>
        <button type="button" className="button button--outline" onClick={() => void refetch().catch(() => undefined)} disabled={loading}>
          Check again
        </button>
      </p>
      <p className="status-note">
        Degraded means a part works but slowly, or on a fallback. Results are at most 30 seconds old. Something wrong that this page
        does not show? <Link to="/contact?subject=Something%20is%20not%20working">Tell us</Link>.
      </p>
    </PageFrame>
  );
}
