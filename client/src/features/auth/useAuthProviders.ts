import { useEffect, useState } from 'react';
import { fetchProviders, type AuthProviders } from './authApi';

/**
 * Which sign-in buttons to show and the captcha site key (`GET /api/auth/providers`).
 * Null while loading. If the call fails, email still works and no social button shows.
 */
export function useAuthProviders(given?: AuthProviders | null): AuthProviders | null {
  const [loaded, setLoaded] = useState<AuthProviders | null>(null);
  const needed = given === undefined;

  useEffect(() => {
    if (!needed) return;
    let current = true;
    fetchProviders().then(
      (providers) => current && setLoaded(providers),
      () => current && setLoaded({ google: false, twitter: false, apple: false, captchaSiteKey: null }),
    );
    return () => {
      current = false;
    };
  }, [needed]);

  return needed ? loaded : given;
}
