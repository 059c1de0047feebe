/**
 * Settings the server hands the web app at run time, in a JSON data block of the page (the CSP
 * allows no inline script; a data block is not one), so one build serves every install. Only
 * what a visitor may see belongs here.
 */
export interface RuntimeConfig {
  /** Where the browser reports uncaught errors (production with a DSN only); null: nowhere. */
  errorReporting: { dsn: string; environment: string } | null;
}

export const RUNTIME_CONFIG_ELEMENT_ID = 'byline-runtime-config';

/** The data block for `config`, safe inside HTML: `<` is escaped, so no `</script>` can end it early. */
export function runtimeConfigScript(config: RuntimeConfig): string {
  const json = JSON.stringify(config).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${RUNTIME_CONFIG_ELEMENT_ID}">${json}</script>`;
}
