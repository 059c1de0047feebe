import { z } from 'zod';
import { AUDIT_ACTIONS, isOneOf, type AuditAction } from '../../../../domain/enums.js';

/**
 * The audit kinds a client may report itself (`POST /track`): what people looked at and
 * clicked, and sign-in/sign-up failures the sign-in screens see. Changes (create, update,
 * delete…) and logins are recorded by the server where they happen, never on a client's word.
 */
export const CLIENT_AUDIT_ACTIONS = ['click', 'view', 'read', 'list', 'signinError', 'signupError'] as const satisfies readonly AuditAction[];

const TARGET_ID_MAX = 64;
const FIELDS_MAX_KEYS = 20;
const FIELDS_MAX_BYTES = 2048;
const NAME_PATTERN = /^[A-Za-z0-9_.:-]{1,64}$/;
// NUL characters and unpaired surrogates never get here: every REST call is checked for them first (http/unstorable-text-guard.ts).

const ACTION_MESSAGE = `action must be one of: ${CLIENT_AUDIT_ACTIONS.join(', ')}.`;
const TARGET_MESSAGE = { error: 'target must be 1 to 64 letters, digits or _ . : -' } as const;
const TARGET_ID_MESSAGE = { error: `targetId must be a number or a text of at most ${TARGET_ID_MAX} characters.` } as const;
const FIELD_VALUE_MESSAGE = { error: 'fields values must be text, numbers, true/false or null.' } as const;

const action = z.string({ error: ACTION_MESSAGE }).transform((value, ctx): AuditAction => {
  if (isOneOf(CLIENT_AUDIT_ACTIONS, value)) return value;
  const message = isOneOf(AUDIT_ACTIONS, value) ? `The ${value} action is recorded by the server; clients may send ${CLIENT_AUDIT_ACTIONS.join(', ')}.` : ACTION_MESSAGE;
  ctx.addIssue({ code: 'custom', message });
  return z.NEVER;
});

const targetId = z
  .union([z.number(TARGET_ID_MESSAGE).transform(String), z.string(TARGET_ID_MESSAGE).max(TARGET_ID_MAX, TARGET_ID_MESSAGE)], TARGET_ID_MESSAGE)
  .nullish()
  .transform((value) => (value === undefined || value === null || value === '' ? null : value));

const fieldValue = z.union([z.string(FIELD_VALUE_MESSAGE), z.number(FIELD_VALUE_MESSAGE), z.boolean(FIELD_VALUE_MESSAGE), z.null(FIELD_VALUE_MESSAGE)], FIELD_VALUE_MESSAGE);

// Key count first: it bounds the work the per-key checks below do on a hostile body.
const fields = z
  .record(z.string(), z.unknown(), { error: 'fields must be an object.' })
  .refine((value) => Object.keys(value).length <= FIELDS_MAX_KEYS, { error: `fields may have at most ${FIELDS_MAX_KEYS} keys.`, abort: true })
  .refine((value) => Object.keys(value).every((key) => NAME_PATTERN.test(key)), { error: 'fields keys must be 1 to 64 letters, digits or _ . : -', abort: true })
  .pipe(z.record(z.string(), fieldValue))
  .refine((value) => new TextEncoder().encode(JSON.stringify(value)).length <= FIELDS_MAX_BYTES, { error: `fields must be at most ${FIELDS_MAX_BYTES} bytes as JSON.` })
  .nullish()
  .transform((value) => value ?? {});

/** The body of `POST /api/track` (an audit event): anything unbounded or of the wrong kind is refused. */
export const trackEventBody = z.object(
  { action, target: z.string(TARGET_MESSAGE).regex(NAME_PATTERN, TARGET_MESSAGE), targetId, fields },
  { error: 'Send a JSON object with action and target.' },
);
