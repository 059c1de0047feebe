import { AUDIT_ACTIONS, isOneOf, type AuditAction } from '../../../../domain/enums.js';
import { InvalidInput } from '../../errors/app-errors.js';
import type { AuditEvent } from './audit.service.js';

/**
 * The audit kinds a client may report itself (spec 7 `POST /track`): what people looked at and
 * clicked, and sign-in/sign-up failures the sign-in screens see. Changes (create, update,
 * delete…) and logins are recorded by the server where they happen, never on a client's word.
 */
export const CLIENT_AUDIT_ACTIONS = ['click', 'view', 'read', 'list', 'signinError', 'signupError'] as const satisfies readonly AuditAction[];

const TARGET_PATTERN = /^[A-Za-z0-9_.:-]{1,64}$/;
const TARGET_ID_MAX = 64;
const FIELDS_MAX_KEYS = 20;
const FIELDS_MAX_BYTES = 2048;
/** PostgreSQL stores no NUL character, in text or in jsonb. */
const NUL = '\u0000';
const FIELD_KEY_PATTERN = /^[A-Za-z0-9_.:-]{1,64}$/;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function readAction(value: unknown): AuditAction {
  if (typeof value !== 'string' || !isOneOf(AUDIT_ACTIONS, value)) {
    throw new InvalidInput(`action must be one of: ${CLIENT_AUDIT_ACTIONS.join(', ')}.`, { field: 'action' });
  }
  if (!isOneOf(CLIENT_AUDIT_ACTIONS, value)) {
    throw new InvalidInput(`The ${value} action is recorded by the server; clients may send ${CLIENT_AUDIT_ACTIONS.join(', ')}.`, { field: 'action' });
  }
  return value;
}

function readTarget(value: unknown): string {
  if (typeof value !== 'string' || !TARGET_PATTERN.test(value)) {
    throw new InvalidInput('target must be 1 to 64 letters, digits or _ . : -', { field: 'target' });
  }
  return value;
}

function readTargetId(value: unknown): string | null {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'string' && value.length <= TARGET_ID_MAX && !value.includes(NUL)) return value;
  throw new InvalidInput(`targetId must be a number or a text of at most ${TARGET_ID_MAX} characters.`, { field: 'targetId' });
}

function readFields(value: unknown): Record<string, string | number | boolean | null> {
  if (value === undefined || value === null) return {};
  if (!isPlainObject(value)) throw new InvalidInput('fields must be an object.', { field: 'fields' });
  const entries = Object.entries(value);
  if (entries.length > FIELDS_MAX_KEYS) throw new InvalidInput(`fields may have at most ${FIELDS_MAX_KEYS} keys.`, { field: 'fields' });
  const fields: Record<string, string | number | boolean | null> = {};
  for (const [key, item] of entries) {
    if (!FIELD_KEY_PATTERN.test(key)) throw new InvalidInput('fields keys must be 1 to 64 letters, digits or _ . : -', { field: 'fields' });
    const primitive = item === null || (typeof item === 'string' && !item.includes(NUL)) || typeof item === 'boolean' || (typeof item === 'number' && Number.isFinite(item));
    if (!primitive) throw new InvalidInput('fields values must be text (without NUL characters), numbers, true/false or null.', { field: 'fields' });
    fields[key] = item;
  }
  if (new TextEncoder().encode(JSON.stringify(fields)).length > FIELDS_MAX_BYTES) {
    throw new InvalidInput(`fields must be at most ${FIELDS_MAX_BYTES} bytes as JSON.`, { field: 'fields' });
  }
  return fields;
}

/** Reads a `POST /track` body into an audit event, refusing anything unbounded or of the wrong kind. */
export function parseTrackEvent(body: unknown): AuditEvent {
  if (!isPlainObject(body)) throw new InvalidInput('Send a JSON object with action and target.');
  return {
    action: readAction(body.action),
    target: readTarget(body.target),
    targetId: readTargetId(body.targetId),
    fields: readFields(body.fields),
  };
}
