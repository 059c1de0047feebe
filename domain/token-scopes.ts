/** What a personal access token may do: read only, or also change things (mutations, non-GET REST calls). */
export const TOKEN_SCOPES = ['read_only', 'read_write'] as const;
export type TokenScope = (typeof TOKEN_SCOPES)[number];
