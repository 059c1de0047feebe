import { useCallback } from 'react';
import { useCanGoBack, useNavigate } from '@router';

/** "Back" on a form's first step: the previous page in this app, or home when the form was opened directly. */
export function useGoBack(fallback = '/') {
  const navigate = useNavigate();
  const canGoBack = useCanGoBack();
  return useCallback(() => {
    if (canGoBack()) navigate(-1);
    else navigate(fallback);
  }, [navigate, canGoBack, fallback]);
}
