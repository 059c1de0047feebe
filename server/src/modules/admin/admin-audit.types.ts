import { Field, ObjectType } from 'type-graphql';
import { AUDIT_ACTIONS, type AuditAction } from '../../../../domain/enums.js';
import { closedSetEnum, screamingKeys } from '../../graphql/enums.js';

export const AuditActionEnum = closedSetEnum<AuditAction>('AuditAction', screamingKeys(AUDIT_ACTIONS), 'What a recorded action was.', {
  CREATE: 'Made something new.',
  UPDATE: 'Changed something.',
  UPSERT: 'Made something, or changed it when it was there already.',
  DELETE: 'Removed something.',
  READ: 'Opened one record.',
  LIST: 'Listed records.',
  LOGIN: 'Signed in.',
  LOGOUT: 'Signed out, or ended other sessions.',
  CLICK: 'Followed a link.',
  VIEW: 'Viewed a page.',
  WELCOMED: 'The person was welcomed to Byline.',
  FEATURED: 'The person was picked by the Byline team to feature on the landing page.',
  SIGNIN_ERROR: 'A sign-in failed.',
  SIGNUP_ERROR: 'A sign-up failed.',
});

/** One row of a person's audit log as admins see it. IP addresses are not recorded, so none is shown. */
@ObjectType('AuditLogEntry', { description: 'One recorded action of a person, as admins see it.' })
export class AuditLogEntry {
  @Field(() => AuditActionEnum, { description: 'What kind of action it was.' })
  action!: AuditAction;

  @Field(() => String, { description: 'What it was done to: a kind of record, such as posts or webhooks.' })
  subject!: string;

  @Field(() => String, { nullable: true, description: 'Which record of that kind, when one was named.' })
  subjectId!: string | null;

  @Field(() => Boolean, { description: 'True when an admin did it while acting as this person.' })
  byAdminActingAsThem!: boolean;

  @Field(() => Date, { description: 'When it was done.' })
  createdAt!: Date;
}
