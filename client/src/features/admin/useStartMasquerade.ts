import { useApolloClient } from '@apollo/client/react';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from '@router';
import { apiCall } from '@shell/api';
import { refreshSession } from '@shell/apollo';
import { useToast } from '@ui/toastContext';

/** Longest wait for the admin page to go before refetching anyway (a chunk that never loads). */
const LEAVE_TIMEOUT_MS = 5_000;

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * docs/product.md §Masquerading: the admin starts acting as a user and lands on / as them (the top
 * bar turns pale yellow; Stop Masquerade is in the menu). Failures are an error toast with the
 * server's message.
 *
 * Everything is refetched as the user only once the admin page has gone: while / loads, React
 * keeps the page mounted (hidden), and refetched as the user its list would be refused and its
 * guard would send them to /404.
 */
export function useStartMasquerade(): { start: (userId: string) => Promise<void>; starting: boolean } {
  const client = useApolloClient();
  const navigate = useNavigate();
  const toast = useToast();
  const [starting, setStarting] = useState(false);
  const onUnmount = useRef<(() => void) | null>(null);
  useEffect(() => () => onUnmount.current?.(), []);

  const start = async (userId: string) => {
    setStarting(true);
    try {
      await apiCall('POST', '/admin/masquerade', { userId: Number(userId) });
    } catch (error) {
      toast.error(messageOf(error));
      setStarting(false);
      return;
    }
    const left = new Promise<void>((resolve) => {
      onUnmount.current = resolve;
      window.setTimeout(resolve, LEAVE_TIMEOUT_MS);
    });
    await navigate('/');
    await left;
    try {
      await refreshSession(client);
    } catch (error) {
      toast.error(messageOf(error));
    }
  };

  return { start, starting };
}
