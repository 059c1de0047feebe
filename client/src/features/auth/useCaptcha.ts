import { useCallback, useEffect, useState } from 'react';
import { passCaptcha } from './captcha';

export type CaptchaStatus = 'checking' | 'passed' | 'failed';

/**
 * docs/product.md §Sign-in: Next needs a passed captcha. Checked once the site key (or its absence,
 * null) is known; `undefined` means the providers answer has not arrived yet.
 */
export function useCaptcha(siteKey: string | null | undefined) {
  const [status, setStatus] = useState<CaptchaStatus>('checking');
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (siteKey === undefined) return;
    let current = true;
    passCaptcha(siteKey).then((passed) => current && setStatus(passed ? 'passed' : 'failed'));
    return () => {
      current = false;
    };
  }, [siteKey, attempt]);

  const retry = useCallback(() => {
    setStatus('checking');
    setAttempt((previous) => previous + 1);
  }, []);

  return { status, retry };
}
