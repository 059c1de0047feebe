import { FEATURE_FLAG_STORAGE_KEY } from '@domain/constants';

/** docs/product.md §Shell: the feature flag lives in local storage under this key. */
export const FEATURE_FLAG_KEY = FEATURE_FLAG_STORAGE_KEY;

export function readFeatureFlag(): string | null {
  try {
    return window.localStorage.getItem(FEATURE_FLAG_KEY);
  } catch {
    // Storage can be unavailable (privacy mode, sandboxed frames): no flag then.
    return null;
  }
}

/**
 * docs/product.md §Shell: the `ff` query flag stores a feature-flag value; an empty `ff` removes
 * it. Without `ff` in the query nothing changes.
 */
export function applyFeatureFlagQuery(search: string): void {
  const params = new URLSearchParams(search);
  if (!params.has('ff')) return;
  const value = params.get('ff') ?? '';
  try {
    if (value === '') window.localStorage.removeItem(FEATURE_FLAG_KEY);
    else window.localStorage.setItem(FEATURE_FLAG_KEY, value);
  } catch {
    // Storage unavailable: the flag simply does not persist.
  }
}
