import { Field, InputType, ObjectType } from 'type-graphql';

@InputType('CreateBillingPortalSessionInput')
export class CreateBillingPortalSessionInput {
  @Field(() => String, { description: 'A path on this site (e.g. /teams/7/billing) the portal returns to.' }) returnPath!: string;
}

@ObjectType('CreateBillingPortalSessionPayload')
export class CreateBillingPortalSessionPayload {
  @Field(() => String, { description: 'The portal’s address: send the person there; it is valid for a short while.' }) url!: string;
}
