import { Field, ObjectType } from 'type-graphql';
import { Network } from '../../networks/index.js';
import { User } from '../../users/index.js';
import { CreditRole } from '../credit-role.entity.js';

@ObjectType('CreditSuggestion', {
  description: 'A credit the post’s caption suggests (“📸 @name”, “Dir: @name”): confirm it with addCredit, as the user when one is matched, else as the social handle.',
})
export class CreditSuggestion {
  @Field(() => String, { description: 'The handle on the post’s network, without the @, as the caption writes it.' })
  handle!: string;

  @Field(() => Network, { description: 'The network the handle is on: the post’s.' })
  network!: Network;

  @Field(() => CreditRole, { description: 'The role the caption’s marker names.' })
  role!: CreditRole;

  @Field(() => String, { description: 'The piece of caption it was read from, e.g. “📸: @name”.' })
  matchedText!: string;

  @Field(() => User, { nullable: true, description: 'The Byline user behind the handle: the verified owner of that account, else the user with that username; null when none.' })
  user!: User | null;
}
