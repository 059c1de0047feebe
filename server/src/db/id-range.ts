/**
 * The ids a row can have. Every table an id from a client can name is keyed by an `int`
 * (serial) column, except the fixed lists keyed by a `smallint` (credit roles, networks). A
 * larger number names no row, and sent to PostgreSQL it fails the whole query ("out of range
 * for type integer"): inputs refuse it before it gets there.
 */
export const MAX_INT_ID = 2_147_483_647;
export const MAX_SMALLINT_ID = 32_767;
