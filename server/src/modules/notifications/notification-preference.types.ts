import { Field, InputType, ObjectType } from 'type-graphql';
import type { NotificationDelivery, NotificationPreferenceKind } from '../../../../domain/notification-preferences.js';
import { closedSetEnum } from '../../graphql/enums.js';

export const NotificationPreferenceKindEnum = closedSetEnum<NotificationPreferenceKind>(
  'NotificationPreferenceKind',
  { CREDITS: 'credits', TEAMS: 'teams', PROJECTS: 'projects', JOBS: 'jobs', MESSAGES: 'messages', MILESTONES: 'milestones', PRODUCT_NEWS: 'product_news' },
  'A kind of news a person chooses a delivery for. Imports, password changes and other answers to what the person did are not among them: they always show in the app.',
  {
    CREDITS: 'Someone credits you, answers a credit you gave, or a credit is removed. Mailed at once by default.',
    TEAMS: 'News from the teams you are in. In the daily digest by default.',
    PROJECTS: 'Project invitations, credit offers and deliverables assigned to you. Mailed at once by default.',
    JOBS: 'Decisions on your job applications and jobs that close. Mailed at once by default.',
    MESSAGES: 'New messages sent to you. Mailed at once by default.',
    MILESTONES: 'Your posts and profile reach a milestone. In the daily digest by default.',
    PRODUCT_NEWS: 'What is new in the product, now and then. In the app only by default.',
  },
);

export const NotificationDeliveryEnum = closedSetEnum<NotificationDelivery>(
  'NotificationDelivery',
  { IN_APP: 'in_app', MAIL_NOW: 'mail_now', DIGEST: 'digest', OFF: 'off' },
  'How a kind of notification reaches a person.',
  {
    IN_APP: 'Shown in the app only.',
    MAIL_NOW: 'Shown in the app and mailed at once.',
    DIGEST: 'Shown in the app and gathered into one mail a day at most.',
    OFF: 'Neither shown in the app nor mailed: no notification is kept.',
  },
);

@ObjectType('NotificationPreference', { description: 'How one kind of notification reaches the viewer.' })
export class NotificationPreference {
  @Field(() => NotificationPreferenceKindEnum, { description: 'The kind of notification.' }) kind!: NotificationPreferenceKind;
  @Field(() => NotificationDeliveryEnum, { description: 'How that kind reaches the viewer now: IN_APP, MAIL_NOW, DIGEST or OFF.' }) delivery!: NotificationDelivery;
  @Field(() => Boolean, { description: 'Whether the delivery is the default for the kind (the person never chose another).' }) isDefault!: boolean;
}

@InputType('UpdateNotificationPreferenceInput', { description: 'A kind of notification and how it should reach the viewer.' })
export class UpdateNotificationPreferenceInput {
  @Field(() => NotificationPreferenceKindEnum, { description: 'The kind to change.' }) kind!: NotificationPreferenceKind;
  @Field(() => NotificationDeliveryEnum, { description: 'The new delivery; OFF keeps no notification of that kind at all.' }) delivery!: NotificationDelivery;
}

@ObjectType('UpdateNotificationPreferencePayload', { description: 'The kind with its delivery as saved.' })
export class UpdateNotificationPreferencePayload {
  @Field(() => NotificationPreference, { description: 'The kind with its delivery as now stored.' }) notificationPreference!: NotificationPreference;
}
