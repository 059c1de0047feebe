import { useApolloClient } from '@apollo/client/react';
import { useEffect, useRef } from 'react';
import { useNavigate } from '@router';
import { refreshSession } from '@shell/apollo';
import { signOut } from './authApi';
import { AuthPageFrame } from './AuthPageFrame';

/**
 * `/signout`: ends the session on the server, forgets the viewer everywhere, and goes home.
 * Even if the call fails (already signed out, offline) the app still forgets the viewer.
 */
export default function SignOutPage() {
  const client = useApolloClient();
  const navigate = useNavigate();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void signOut()
      .catch(() => undefined)
      .then(() => refreshSession(client))
      .finally(() => navigate('/', { replace: true }));
  }, [client, navigate]);

  return (
    <AuthPageFrame heading="Sign out">
      <p role="status" aria-busy="true">
        Signing you out…
      </p>
    </AuthPageFrame>
  );
}
