/**
 * The credit policy's team rule as SQL (credits/credit.policy.ts): the post's account is managed
 * by a team with a paid Teams subscription (docs/product.md §Teams) of which `userParam` is an
 * active manager or member (pro_only seats carry no team tools). Where plans are open every team
 * counts as paid (`isTeamPlanPaid` in domain/permissions.ts; the same rule, in SQL). One extra
 * parameter: the user's id.
 */
export function teamManagedPostSql(post: string, userParam: string, plansOpen: boolean): string {
  const paid = plansOpen
    ? ''
    : `and t."status" = 'active'
                    and ((t."external_invoice_expiration" is not null and t."external_invoice_expiration" > now()) or t."subscription_status" = 'active')`;
  return `exists (select 1 from "team_accounts" ta
                   join "teams" t on t."id" = ta."team_id"
                   join "team_members" tm on tm."team_id" = ta."team_id"
                  where ta."social_account_id" = ${post}."account_id"
                    and tm."user_id" = ${userParam} and tm."status" = 'active' and tm."role" in ('manager', 'member')
                    ${paid})`;
}
