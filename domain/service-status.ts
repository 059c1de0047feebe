/**
 * The public status page's rules (docs/product.md §Status): what is checked, how a check's result
 * becomes up, degraded or down, and how long a result is reused.
 */
export const SERVICE_COMPONENTS = ['database', 'queue', 'pubsub', 'search', 'mail'] as const;
export type ServiceComponent = (typeof SERVICE_COMPONENTS)[number];

export type ServiceState = 'up' | 'degraded' | 'down';

/** A check slower than this still works, but people notice: degraded. */
export const SLOW_CHECK_MS = 1_000;
/** A check that has not answered by then counts as down. */
export const CHECK_TIMEOUT_MS = 5_000;
/** Results are reused this long, so the public page cannot be used to hammer the services. */
export const STATUS_CACHE_MS = 30_000;

/** What the page calls each part. */
export const SERVICE_COMPONENT_LABELS: Readonly<Record<ServiceComponent, string>> = {
  database: 'Database',
  queue: 'Job queue',
  pubsub: 'Live updates (pub/sub)',
  search: 'Search engine',
  mail: 'Email',
};

export const SERVICE_STATE_LABELS: Readonly<Record<ServiceState, string>> = { up: 'Up', degraded: 'Degraded', down: 'Down' };

/**
 * A failed check is down; one that passed slowly, or passed on a fallback that serves nobody (mail
 * written to a folder in production), is degraded; anything else is up.
 */
export function serviceStateOf(check: { passed: boolean; latencyMs: number; fallback?: boolean }): ServiceState {
  if (!check.passed) return 'down';
  if (check.fallback === true || check.latencyMs > SLOW_CHECK_MS) return 'degraded';
  return 'up';
}

/** The worst of the parts' states: the page's headline. */
export function overallState(states: readonly ServiceState[]): ServiceState {
  if (states.includes('down')) return 'down';
  if (states.includes('degraded')) return 'degraded';
  return 'up';
}
