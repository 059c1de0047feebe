import { useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { Link, useParams } from '@router';
import * as MESSAGES from '@domain/messages';
import { TeamPageDocument } from '@gql/graphql';
import { TeamJobs } from '@features/jobs';
import { UpgradePrompt } from '@features/plans';
import { PageFrame } from '@ui/PageFrame';
import { Skeleton } from '@ui/Skeleton';
import { ManagedAccountsSection } from './ManagedAccountsSection';
import { MembersSection } from './MembersSection';
import { ReportsSection } from './ReportsSection';
import { StageBoard } from './stages/StageBoard';
import { PLANS_OPEN_STATUS } from './teamErrors';
import { TeamToolsContext, type TeamTools } from './teamTools';
import './teams.css';

/** Members, invitations, accounts and reports shown at once; the page size is a variable so the static cost check prices the selection, not 100 literal rows. */
const PAGE_SIZE = 100;

/**
 * /teams/{teamId}: the team's members (role, status, last active), invitations, managed social
 * accounts, saved reports and creator stages. Every team action runs the Teams upgrade check
 * first: without a paid Teams subscription, "Let's work together" leads to the billing page.
 */
export default function TeamPage() {
  const { teamId } = useParams();
  const databaseId = Number(teamId);
  const valid = Number.isSafeInteger(databaseId) && databaseId > 0;
  const { data, loading, error } = useQuery(TeamPageDocument, { variables: { databaseId, first: PAGE_SIZE }, skip: !valid, fetchPolicy: 'cache-and-network' });
  const [upgradeOpen, setUpgradeOpen] = useState(false);
  const team = data?.teamByDatabaseId;

  if (!valid || (data && !team)) {
    return (
      <PageFrame heading="Team" purpose="A team’s members, accounts, reports and creator stages.">
        <p role="alert">That team was not found among your teams.</p>
      </PageFrame>
    );
  }
  if (!team) {
    return (
      <PageFrame heading="Team" purpose="A team’s members, accounts, reports and creator stages.">
        {loading ? <Skeleton shape="card" lines={3} label="Loading the team…" /> : error ? <p role="alert">{MESSAGES.unexpected}</p> : null}
      </PageFrame>
    );
  }

  const tools: TeamTools = {
    teamId: team.id,
    teamNumber: team.databaseId,
    manage: team.viewerCan.manage,
    // The upgrade check of docs/product.md §Teams: true when the action may go ahead, else the prompt opens.
    upgradeCheck: () => {
      if (team.viewerCan.useTools) return true;
      setUpgradeOpen(true);
      return false;
    },
    showUpgrade: () => setUpgradeOpen(true),
  };

  return (
    <PageFrame heading={team.name} purpose="Members, managed accounts, saved reports and creator stages of this team.">
      <TeamToolsContext.Provider value={tools}>
        <p className="teams__status">
          {team.isSubscriptionActive ? 'Teams subscription active' : data.plansOpen ? PLANS_OPEN_STATUS : 'No active Teams subscription'}
          {team.viewerCan.manage && (
            <>
              {' · '}
              <Link to={`/teams/${team.databaseId}/billing`}>Billing</Link>
            </>
          )}
          {' · '}
          {/* docs/product.md §Projects: a project can be started from its team; members see the team's projects. */}
          <Link to={`/projects?${new URLSearchParams(team.viewerCan.manage ? { team: team.id, new: '1' } : { team: team.id }).toString()}`}>{team.viewerCan.manage ? 'New project' : 'Projects'}</Link>
        </p>
        <MembersSection members={team.members.nodes} invitations={team.invitations.nodes} seats={team.seats ?? null} seatsInUse={team.seatsInUse} />
        <ManagedAccountsSection accounts={team.managedAccounts.nodes} networks={data.networks} />
        <ReportsSection reports={team.reports.nodes} accounts={team.managedAccounts.nodes} />
        <StageBoard teamId={team.id} />
        <TeamJobs teamId={team.id} manage={team.viewerCan.manage} />
      </TeamToolsContext.Provider>
      <UpgradePrompt open={upgradeOpen} onClose={() => setUpgradeOpen(false)} type="Teams" teamId={String(team.databaseId)} />
    </PageFrame>
  );
}
