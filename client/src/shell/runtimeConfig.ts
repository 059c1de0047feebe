import { RUNTIME_CONFIG_ELEMENT_ID, type RuntimeConfig } from '@domain/runtime-config';

const NONE: RuntimeConfig = { errorReporting: null };

/**
 * The settings the server put in the page at run time (domain/runtime-config.ts); none when the
 * page has no such block (development, tests, an install without them).
 */
export function readRuntimeConfig(doc: Document = document): RuntimeConfig {
  const text = doc.getElementById(RUNTIME_CONFIG_ELEMENT_ID)?.textContent;
  if (!text) return NONE;
  try {
    const parsed = JSON.parse(text) as Partial<RuntimeConfig> | null;
    const errorReporting = parsed?.errorReporting;
    return { errorReporting: errorReporting && typeof errorReporting.dsn === 'string' && typeof errorReporting.environment === 'string' ? errorReporting : null };
  } catch {
    return NONE;
  }
}
