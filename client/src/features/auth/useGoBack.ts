import { useCallback } from 'react';
import { useNavigate } from 'react-router';

/** "Back" on a form's first step: the previous page in this app, or home when the form was opened directly. */
export function useGoBack(fallback = '/') {
  const navigate = useNavigate();
  return useCallback(() => {
    // React Router numbers its history entries; 0 means nothing of ours to go back to.
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (index > 0) void navigate(-1);
    else void navigate(fallback);
  }, [navigate, fallback]);
}
