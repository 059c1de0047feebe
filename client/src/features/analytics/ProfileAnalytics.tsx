import { useQuery } from '@apollo/client/react';
import { useId } from 'react';
import { useSearchParams } from '@router';
import { formatCount } from '@domain/format';
import { UserMilestonesDocument } from '@gql/graphql';
import { DateText } from '@ui/DateText';
import { Select } from '@ui/Select';
import { StatsChart } from './StatsChart';

interface Props {
  userId: string;
  username: string;
  /** The roles the person holds on public credits, for "my work as Editor". */
  roles: ReadonlyArray<{ id: string; name: string; emoji?: string | null }>;
}

const ROLE_PARAM = 'statsRole';
const MILESTONE_UNITS = { VIEWS: 'views', LIKES: 'likes', POSTS: 'credited posts' } as const;

/** The profile's Analytics section: their numbers over time, all work or one role, and the milestones reached. */
export function ProfileAnalytics({ userId, username, roles }: Props) {
  const milestonesHeading = useId();
  const [params, setParams] = useSearchParams();
  const roleId = roles.some((role) => role.id === params.get(ROLE_PARAM)) ? params.get(ROLE_PARAM) : null;
  const { data } = useQuery(UserMilestonesDocument, { variables: { username } });
  const milestones = data?.userByUsername.milestones ?? [];

  function chooseRole(value: string) {
    const next = new URLSearchParams(params);
    if (value) next.set(ROLE_PARAM, value);
    else next.delete(ROLE_PARAM);
    setParams(next, { replace: true });
  }

  return (
    <div className="profile-analytics">
      <StatsChart
        subject={roleId ? { userId, roleId } : { userId }}
        extraControls={
          roles.length > 0 && (
            // Label and choice read as one phrase: "Work in every role", "Work as Editor".
            <Select
              label="Work"
              className="profile-analytics__role"
              value={roleId ?? ''}
              options={[{ value: '', label: 'in every role' }, ...roles.map((role) => ({ value: role.id, label: `as ${role.name}` }))]}
              onChange={chooseRole}
            />
          )
        }
      />
      {milestones.length > 0 && (
        <section className="stats-milestones" aria-labelledby={milestonesHeading}>
          <h3 id={milestonesHeading}>Milestones</h3>
          <ul>
            {milestones.map((milestone) => (
              <li key={`${milestone.type}:${milestone.threshold}`}>
                <strong>
                  {formatCount(milestone.threshold)} {MILESTONE_UNITS[milestone.type]}
                </strong>{' '}
                · <DateText iso={milestone.reachedAt as string} />
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
