/** C0 control characters and DEL: never part of a name or an address, and PostgreSQL cannot store NUL at all. */
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;
// eslint-disable-next-line no-control-regex
const CONTROL_RUNS = /[\u0000-\u001f\u007f]+/g;

export function hasControlCharacters(text: string): boolean {
  return CONTROL_CHARACTERS.test(text);
}

/**
 * A name someone typed (a profile name, a token name) or a provider sent, as one trimmed line:
 * a pasted tab or line break becomes a space, and a NUL (which would fail the insert) goes.
 */
export function singleLine(text: string): string {
  return text.replace(CONTROL_RUNS, ' ').trim();
}
