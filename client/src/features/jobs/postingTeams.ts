import { useQuery } from '@apollo/client/react';
import { JobPostingTeamsDocument, ViewerDocument } from '@gql/graphql';

export interface PostingCompany {
  id: string;
  label: string;
}

export interface PostingTeam {
  id: string;
  databaseId: number;
  name: string;
  /** The team's tools are paid for (or plans are open): else posting shows "Let's work together". */
  useTools: boolean;
  /** The Company users managing the team: a job is published as one of them (docs/product.md §Jobs). */
  companies: PostingCompany[];
}

/** Enough for a person's teams and each team's managers. */
const TEAMS_PAGE = 100;

/**
 * The teams the viewer manages, each with the companies a job may be published as, and the current
 * team (docs/product.md §Teams) a new job starts for. Asked only
 * when someone is signed in: a visitor posts nothing.
 */
export function usePostingTeams(): { teams: PostingTeam[]; loading: boolean; currentTeamId: string | null } {
  const viewer = useQuery(ViewerDocument).data?.viewer ?? null;
  const { data, loading } = useQuery(JobPostingTeamsDocument, { variables: { first: TEAMS_PAGE }, skip: viewer === null });
  const teams = (data?.viewerTeams.nodes ?? [])
    .filter((membership) => membership.status === 'ACTIVE' && membership.role === 'MANAGER' && membership.team.viewerCan.manage)
    .map(({ team }) => ({
      id: team.id,
      databaseId: team.databaseId,
      name: team.name,
      useTools: team.viewerCan.useTools,
      companies: team.members.nodes
        .filter((member) => member.status === 'ACTIVE' && member.role === 'MANAGER' && member.user.userType === 'COMPANY' && member.user.username)
        .map((member) => ({ id: member.user.id, label: member.user.name ? `${member.user.name} (@${member.user.username ?? ''})` : `@${member.user.username ?? ''}` })),
    }));
  return { teams, loading: viewer !== null && loading, currentTeamId: data?.viewer?.currentTeamId ?? null };
}
