import { useMutation, useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { SwitchCurrentTeamDocument, TeamSwitcherDocument } from '@gql/graphql';
import { Select } from '@ui/Select';

/**
 * The current team, chosen in the user menu (docs/product.md §Teams): shown only to people who
 * are active on two or more teams. The choice decides which team the team pages, reports and new
 * projects and jobs open on; it grants nothing.
 */
export function TeamSwitcher() {
  const { data } = useQuery(TeamSwitcherDocument, { fetchPolicy: 'cache-and-network' });
  const [switchTeam] = useMutation(SwitchCurrentTeamDocument);
  const [problem, setProblem] = useState(false);
  const teams = (data?.viewerTeams.nodes ?? []).filter((membership) => membership.status === 'ACTIVE' && membership.role !== 'PRO_ONLY').map((membership) => membership.team);
  if (!data?.viewer || teams.length < 2) return null;
  const current = teams.some((team) => team.id === data.viewer?.currentTeamId) ? data.viewer.currentTeamId : '';

  const choose = async (teamId: string) => {
    setProblem(false);
    try {
      // Pages on screen that open on the current team read it again; nothing waits for them.
      await switchTeam({ variables: { input: { teamId: teamId || null } }, refetchQueries: ['TeamSwitcher', 'TeamsOverview', 'ProjectsPageExtras', 'JobPostingTeams'] });
    } catch {
      setProblem(true);
    }
  };

  return (
    <div className="user-menu__team">
      <Select
        label="Current team"
        value={current ?? ''}
        options={[...(current ? [] : [{ value: '', label: 'Choose a team' }]), ...teams.map((team) => ({ value: team.id, label: team.name }))]}
        onChange={(teamId) => void choose(teamId)}
      />
      {problem && <p role="alert">The team could not be switched. Try again.</p>}
    </div>
  );
}
