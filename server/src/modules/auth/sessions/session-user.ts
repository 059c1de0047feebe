import type { Viewer } from '../../users/index.js';

/** The signed-in user as the session check and sign-in calls answer it (`GET /auth`). */
export interface SessionUser {
  id: number;
  username: string | null;
  name: string | null;
  avatarUrl: string | null;
  isMasquerading: boolean;
  termsAcknowledged: boolean;
}

export function toSessionUser(viewer: Pick<Viewer, 'user' | 'masqueradingAdminId'>): SessionUser {
  const { user } = viewer;
  return {
    id: user.id,
    username: user.username,
    name: user.name,
    avatarUrl: user.avatarUrl,
    isMasquerading: viewer.masqueradingAdminId !== null,
    termsAcknowledged: user.termsAcknowledgedAt !== null,
  };
}
