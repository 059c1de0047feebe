import { CombinedGraphQLErrors } from '@apollo/client';

/** What the server said when it refused a call: its message (the spec's words) and its code. */
export interface ServerRefusal {
  message: string;
  /** `extensions.code`: BAD_USER_INPUT, UNPROCESSABLE, UNAUTHENTICATED, … */
  code: string | null;
}

/**
 * The server's answer inside an Apollo error, or null when the call never got one (the
 * network failed, the server was unreachable): then there is no server message to show.
 */
export function serverRefusal(error: unknown): ServerRefusal | null {
  if (!CombinedGraphQLErrors.is(error)) return null;
  const first = error.errors[0];
  if (!first) return null;
  const code = first.extensions?.code;
  return { message: first.message, code: typeof code === 'string' ? code : null };
}
