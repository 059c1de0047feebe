import { Field, ObjectType } from 'type-graphql';

@ObjectType({ description: "One of Byline's own profiles on a social network." })
export class SocialProfileLink {
  @Field({ description: 'The network, as its name is written: Instagram, TikTok, X, LinkedIn, YouTube.' })
  network!: string;

  @Field({ description: "The profile's address." })
  url!: string;
}

@ObjectType({ description: 'Addresses outside the app that the site links to (its shop, its social profiles, the mobile app in the stores). Each is set by the operator; an unset one is left out.' })
export class SiteLinks {
  @Field(() => String, { nullable: true, description: "Byline's shop, or null when there is none." })
  merch!: string | null;

  @Field(() => String, { nullable: true, description: "The mobile app's page in Apple's App Store, or null when it is not set." })
  appStore!: string | null;

  @Field(() => String, { nullable: true, description: "The mobile app's page in Google Play, or null when it is not set." })
  playStore!: string | null;

  @Field(() => [SocialProfileLink], { description: "Byline's profiles on the networks, in the order the footer shows them." })
  socialProfiles!: SocialProfileLink[];
}
