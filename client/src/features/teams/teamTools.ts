import { createContext, useContext } from 'react';

/** What every section of a team page needs: the team, whether the viewer manages it, and the upgrade check. */
export interface TeamTools {
  teamId: string;
  teamNumber: number;
  manage: boolean;
  /** Runs the Teams upgrade check: true to go ahead, false when the prompt opened instead. */
  upgradeCheck: () => boolean;
  /** Opens the prompt (the server refused for want of a subscription). */
  showUpgrade: () => void;
}

export const TeamToolsContext = createContext<TeamTools | null>(null);

export function useTeamTools(): TeamTools {
  const tools = useContext(TeamToolsContext);
  if (!tools) throw new Error('useTeamTools outside a team page');
  return tools;
}
