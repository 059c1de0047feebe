import { Field, ObjectType } from 'type-graphql';
import { AUDIT_ACTIONS, type AuditAction } from '../../../../domain/enums.js';
import { closedSetEnum, screamingKeys } from '../../graphql/enums.js';

export const AuditActionEnum = closedSetEnum<AuditAction>('AuditAction', screamingKeys(AUDIT_ACTIONS), 'What a recorded action was.');

/** One row of a person's audit log as admins see it. IP addresses are not recorded, so none is shown. */
@ObjectType('AuditLogEntry', { description: 'One recorded action of a person, as admins see it.' })
export class AuditLogEntry {
  @Field(() => AuditActionEnum)
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
