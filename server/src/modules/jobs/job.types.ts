import { GraphQLSafeInt } from 'graphql-scalars';
import { Field, ID, InputType, ObjectType } from 'type-graphql';
import type { JobStatus } from '../../../../domain/jobs.js';
import { connectionType } from '../../graphql/connection.js';
import { Job } from './job.entity.js';
import { JobStatusEnum } from './job.enums.js';
import type { JobView } from './job.view.js';

@ObjectType('JobPlace', { description: 'Where the work is: a city.' })
export class JobPlace {
  @Field(() => String, { description: 'How the place reads, e.g. "Lisbon, Portugal".' }) name!: string;
  @Field(() => String, { description: 'Geohash of the point (1 to 9 characters).' }) geohash!: string;
}

@ObjectType('JobPay', { description: 'A pay range in a currency’s minor units (cents for USD); one bound may be open.' })
export class JobPay {
  @Field(() => GraphQLSafeInt, { nullable: true, description: 'The lowest pay, in the currency’s minor units (cents for USD); null when the range has no lower bound.' }) min!: number | null;
  @Field(() => GraphQLSafeInt, { nullable: true, description: 'The highest pay, in the currency’s minor units; null when the range has no upper bound.' }) max!: number | null;
  @Field(() => String, { description: 'ISO 4217 code, upper case.' }) currency!: string;
}

@ObjectType('JobViewerCan', { description: 'What the viewer may do with the job.' })
export class JobViewerCan {
  @Field(() => Boolean, { description: 'Change, open or close it: the team’s managers.' }) edit!: boolean;
  @Field(() => Boolean, { description: 'See its applications and the team’s comments: the team’s active managers and members (not pro_only seats).' }) seeApplications!: boolean;
  @Field(() => Boolean, { description: 'Apply now: signed in, the job open and before its deadline, not on the hiring team, not applied yet. Signed out visitors get false: ask them to sign up.' }) apply!: boolean;
}

@ObjectType('JobAddress', { description: 'A job found by its address, with the address it lives at now.' })
export class JobAddress {
  @Field(() => Job, { description: 'The job found; a draft only for its own team.' }) job!: JobView;
  @Field(() => String, { description: 'The current path: /jobs/{publicId}~{accountSlug}-{nameSlug}.' }) canonicalPath!: string;
  @Field(() => Boolean, { description: 'False when the slug asked for is not the current one: redirect (301) to canonicalPath.' }) slugIsCurrent!: boolean;
}

export const JobConnection = connectionType('Job', Job);

@InputType('JobPlaceInput', { description: 'A city, picked from the place list: its name and geohash.' })
export class JobPlaceInput {
  @Field(() => String, { description: '1 to 200 characters.' }) name!: string;
  @Field(() => String, { description: 'Geohash, 1 to 9 characters.' }) geohash!: string;
}

@InputType('JobPayInput', { description: 'A pay range: at least one bound, in minor units, and the currency.' })
export class JobPayInput {
  @Field(() => GraphQLSafeInt, { nullable: true, description: 'The lowest pay in minor units, 0 or more; null or omitted leaves the range open below. Give min, max or both.' }) min?: number | null;
  @Field(() => GraphQLSafeInt, { nullable: true, description: 'The highest pay in minor units, at least min; null or omitted leaves the range open above.' }) max?: number | null;
  @Field(() => String, { description: 'ISO 4217 code, such as USD or EUR.' }) currency!: string;
}

@InputType('CreateJobInput', { description: 'A new job for a team you manage. Limits: title 1 to 120 characters, 1 to 10 roles, description up to 10,000 characters; give a place or isRemote, and pay or isUnpaid.' })
export class CreateJobInput {
  @Field(() => ID, { description: 'The Team posting it; you must manage it.' }) teamId!: string;
  @Field(() => ID, { description: 'The User it is published as: a Company account that manages the team. Its username is in the job’s address.' }) accountId!: string;
  @Field(() => String, { description: 'The title, 1 to 120 characters.' }) name!: string;
  @Field(() => [ID], { description: 'CreditRole ids wanted, 1 to 10.' }) roleIds!: string[];
  @Field(() => String, { nullable: true, description: 'Plain text, up to 10,000 characters.' }) description?: string | null;
  @Field(() => JobPlaceInput, { nullable: true, description: 'The city; required unless isRemote.' }) place?: JobPlaceInput | null;
  @Field(() => Boolean, { nullable: true, description: 'Work from anywhere. False when omitted.' }) isRemote?: boolean | null;
  @Field(() => JobPayInput, { nullable: true, description: 'The pay range; required unless isUnpaid.' }) pay?: JobPayInput | null;
  @Field(() => Boolean, { nullable: true, description: 'The work is unpaid (give no pay then).' }) isUnpaid?: boolean | null;
  @Field(() => String, { nullable: true, description: 'The last day to apply, YYYY-MM-DD, today or later.' }) deadline?: string | null;
  @Field(() => JobStatusEnum, { nullable: true, description: 'DRAFT when omitted; OPEN publishes it at once.' }) status?: JobStatus | null;
}

@InputType('UpdateJobInput', { description: 'Fields to change; omitted ones stay. Pay changes with pay or isUnpaid, given together as the new pay.' })
export class UpdateJobInput {
  @Field(() => ID, { description: 'The Job to change; you must manage its team.' }) jobId!: string;
  @Field(() => String, { nullable: true, description: 'A new title, 1 to 120 characters.' }) name?: string | null;
  @Field(() => [ID], { nullable: true, description: 'The CreditRole ids wanted, 1 to 10, replacing the current ones.' }) roleIds?: string[] | null;
  @Field(() => String, { nullable: true, description: 'New plain text, up to 10,000 characters; an empty string clears it.' }) description?: string | null;
  @Field(() => JobPlaceInput, { nullable: true, description: 'Null removes the place (the job must then be remote).' }) place?: JobPlaceInput | null;
  @Field(() => Boolean, { nullable: true, description: 'Work from anywhere; false needs a place.' }) isRemote?: boolean | null;
  @Field(() => JobPayInput, { nullable: true, description: 'A new pay range, replacing the current pay; leave isUnpaid out or false.' }) pay?: JobPayInput | null;
  @Field(() => Boolean, { nullable: true, description: 'True makes the job unpaid (give no pay then); false needs pay.' }) isUnpaid?: boolean | null;
  @Field(() => String, { nullable: true, description: 'Null removes the deadline.' }) deadline?: string | null;
  @Field(() => JobStatusEnum, { nullable: true, description: 'DRAFT → OPEN or CLOSED, OPEN → CLOSED; CLOSED is final.' }) status?: JobStatus | null;
}

@InputType('CloseJobInput', { description: 'The job to close.' })
export class CloseJobInput {
  @Field(() => ID, { description: 'The Job to close; you must manage its team. Closing is final.' }) jobId!: string;
}

@ObjectType('CreateJobPayload', { description: 'What createJob answers: the job posted.' })
export class CreateJobPayload {
  @Field(() => Job, { description: 'The new job, a DRAFT unless status OPEN was asked for.' }) job!: Job;
}

@ObjectType('UpdateJobPayload', { description: 'What updateJob answers: the job as changed.' })
export class UpdateJobPayload {
  @Field(() => Job, { description: 'The job as it is now.' }) job!: Job;
}

@ObjectType('CloseJobPayload', { description: 'What closeJob answers: the job, now closed for good.' })
export class CloseJobPayload {
  @Field(() => Job, { description: 'The job, now CLOSED.' }) job!: Job;
}

