import { Field, InputType, ObjectType } from 'type-graphql';
import type { NotificationDelivery, NotificationPreferenceKind } from '../../../../domain/notification-preferences.js';
import { closedSetEnum } from '../../graphql/enums.js';

export const NotificationPreferenceKindEnum = closedSetEnum<NotificationPreferenceKind>(
  'NotificationPreferenceKind',
  { CREDITS: 'credits', TEAMS: 'teams', PROJECTS: 'projects', JOBS: 'jobs', MESSAGES: 'messages', MILESTONES: 'milestones', PRODUCT_NEWS: 'product_news' },
  'A kind of news a person chooses a delivery for. Imports, password changes and other answers to what the person did are not among them: they always show in the app.',
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
  @Field(() => NotificationPreferenceKindEnum) kind!: NotificationPreferenceKind;
  @Field(() => NotificationDeliveryEnum) delivery!: NotificationDelivery;
  @Field(() => Boolean, { description: 'Whether the delivery is the default for the kind (the person never chose another).' }) isDefault!: boolean;
}

@InputType('UpdateNotificationPreferenceInput')
export class UpdateNotificationPreferenceInput {
  @Field(() => NotificationPreferenceKindEnum) kind!: NotificationPreferenceKind;
  @Field(() => NotificationDeliveryEnum) delivery!: NotificationDelivery;
}

@ObjectType('UpdateNotificationPreferencePayload')
export class UpdateNotificationPreferencePayload {
  @Field(() => NotificationPreference, { description: 'The kind with its delivery as now stored.' }) notificationPreference!: NotificationPreference;
}
