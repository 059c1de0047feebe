import { useApolloClient } from '@apollo/client/react';
import { useState, type ReactNode } from 'react';
import { useNavigate } from '@router';
import { useToast } from '@ui/toastContext';
import { UpgradePrompt } from '@features/plans';
import { apiCall } from './api';
import { refreshSession } from './apollo';
import { leavePageFor } from './leavePage';
import { clearMasqueradeCookie } from './masquerade';
import type { MenuAction } from './menuItems';

interface MenuActions {
  run(action: MenuAction): void;
  /** The action still running, if any. */
  busy: MenuAction | null;
  /** Dialogs the actions open (the upgrade prompt); render them once. */
  dialogs: ReactNode;
}

/**
 * What the menu's non-link items do: Visual Match AI for viewers without pro pages opens
 * the upgrade prompt; Billing opens the card-payment portal (or says why it cannot);
 * Stop Masquerade ends acting as another user and goes home (docs/product.md §Masquerading).
 */
export function useMenuActions({ openBillingPortal, closeMenu }: { openBillingPortal: () => Promise<string>; closeMenu: () => void }): MenuActions {
  const client = useApolloClient();
  const navigate = useNavigate();
  const toast = useToast();
  const [busy, setBusy] = useState<MenuAction | null>(null);
  const [upgradeOpen, setUpgradeOpen] = useState(false);

  const runAsync = async (action: MenuAction, work: () => Promise<void>) => {
    setBusy(action);
    try {
      await work();
    } catch (error) {
      toast.error(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(null);
    }
  };

  const run = (action: MenuAction) => {
    if (busy) return;
    switch (action) {
      case 'visualMatchUpgrade':
        closeMenu();
        setUpgradeOpen(true);
        return;
      case 'billing':
        void runAsync(action, async () => {
          const url = await openBillingPortal();
          leavePageFor(url);
        });
        return;
      case 'stopMasquerade':
        void runAsync(action, async () => {
          await apiCall('DELETE', '/admin/masquerade');
          clearMasqueradeCookie();
          closeMenu();
          // docs/product.md §Masquerading: once the server has ended it, Stop Masquerade goes to /
          // whatever the refetch does. Refetched as the admin, the user's page may fail (its error
          // is the toast); that must not leave the admin on the user's page.
          try {
            await refreshSession(client);
          } finally {
            await navigate('/');
          }
        });
        return;
    }
  };

  return {
    run,
    busy,
    dialogs: <UpgradePrompt type="Pro" open={upgradeOpen} onClose={() => setUpgradeOpen(false)} />,
  };
}
