import { useQuery } from '@apollo/client/react';
import { useId, useState } from 'react';
import { Link, useSearchParams } from '@router';
import * as MESSAGES from '@domain/messages';
import { isNeverExpiring } from '@domain/plans';
import { sameSitePath } from '@domain/return-to';
import { PlansPageDocument, type PlansPageQuery } from '@gql/graphql';
import { IN_APP_LINKS } from '@shell/externalLinks';
import { DateText } from '@ui/DateText';
import { PageFrame } from '@ui/PageFrame';
import { Select } from '@ui/Select';
import { Skeleton } from '@ui/Skeleton';
import { TIERS, type Tier } from './tiers';
import { useStartCheckout } from './useStartCheckout';
import './plans.css';

type Membership = PlansPageQuery['viewerTeams']['nodes'][number];

const PLANS_OPEN_NOTICE = 'Billing is not set up here, so nobody can pay: every plan’s features are open to everyone.';

/** /plans (query returnTo): the four tiers, what each unlocks, and Upgrade through Checkout. */
export default function PlansPage() {
  const [params] = useSearchParams();
  // Checkout comes back here: the page that sent the person, or this page.
  const returnTo = sameSitePath(params.get('returnTo')) ?? '/plans';
  const { data, loading, error } = useQuery(PlansPageDocument, { fetchPolicy: 'cache-and-network' });
  const checkout = useStartCheckout();

  const configured = data?.billingConfigured ?? false;
  // docs/product.md §Paid access: with nobody to pay, every plan's features are open.
  const plansOpen = data?.billingStatus.plansOpen ?? false;
  const managed = (data?.viewerTeams.nodes ?? []).filter((membership) => membership.role === 'MANAGER' && membership.status === 'ACTIVE');

  return (
    <PageFrame heading="Plans" purpose="The free tier, PRO, the Teams subscription and the business offering, and what each one unlocks.">
      {loading && !data && <Skeleton shape="card" lines={2} label="Loading…" />}
      {error && !data && (
        <p className="plans__problem" role="alert">
          The plans could not be loaded. Reload the page to try again.
        </p>
      )}
      {data && plansOpen && (
        <p className="plans__notice" role="status">
          {PLANS_OPEN_NOTICE}
        </p>
      )}
      {data && !plansOpen && !configured && (
        <p className="plans__notice" role="status">
          {MESSAGES.billingNotConfigured} Upgrading is not available right now.
        </p>
      )}
      {checkout.problem && (
        <p className="plans__problem" role="alert">
          {checkout.problem}
        </p>
      )}
      {data && (
        <ul className="plans__tiers">
          {TIERS.map((tier) => (
            <li key={tier.key} className={`plans__tier${tier.key === 'pro' ? ' plans__tier--featured' : ''}`}>
              <TierCard tier={tier}>
                {tier.key === 'free' && <p className="plans__current">{data.billingStatus.hasPro ? 'Included' : 'Your plan'}</p>}
                {tier.key === 'pro' && <ProAction data={data} configured={configured} starting={checkout.starting} onUpgrade={() => void checkout.start('PRO', returnTo)} />}
                {tier.key === 'teams' && plansOpen && <p className="plans__current">Open to every team here</p>}
                {tier.key === 'teams' && !plansOpen && <TeamsAction managed={managed} configured={configured} starting={checkout.starting} onStart={(plan, membership) => void checkout.start(plan, `/teams/${membership.team.databaseId}/billing`, membership.team.id)} />}
                {tier.key === 'business' && (
                  <Link className="button button--outline" to={IN_APP_LINKS.bookDemo}>
                    Get in touch
                  </Link>
                )}
              </TierCard>
            </li>
          ))}
        </ul>
      )}
    </PageFrame>
  );
}

function TierCard({ tier, children }: { tier: Tier; children: React.ReactNode }) {
  const headingId = useId();
  return (
    // Each tier is addressable: the shell's business links land on /plans#business.
    <article className="plans__card" aria-labelledby={headingId} id={tier.key}>
      <h2 id={headingId}>{tier.name}</h2>
      <p className="plans__summary">{tier.summary}</p>
      <ul className="plans__unlocks" aria-label={`What ${tier.name} unlocks`}>
        {tier.unlocks.map((unlock) => (
          <li key={unlock}>{unlock}</li>
        ))}
      </ul>
      <div className="plans__action">{children}</div>
    </article>
  );
}

function ProAction({ data, configured, starting, onUpgrade }: { data: PlansPageQuery; configured: boolean; starting: boolean; onUpgrade: () => void }) {
  const { hasPro, proSubscription, plansOpen, invoicedProUntil } = data.billingStatus;
  if (plansOpen) return <p className="plans__current">Open to everyone here</p>;
  if (hasPro && invoicedProUntil) {
    return (
      <p className="plans__current">
        <span className="plans__badge">PRO active</span>{' '}
        <span className="plans__renewal">{isNeverExpiring(new Date(String(invoicedProUntil))) ? 'Never expires' : <>Invoiced until <DateText iso={String(invoicedProUntil)} /></>}</span>
      </p>
    );
  }
  if (hasPro) {
    return (
      <p className="plans__current">
        <span className="plans__badge">PRO active</span>
        {proSubscription?.currentPeriodEnd && (
          <span className="plans__renewal">
            {' '}
            {proSubscription.cancelAtPeriodEnd ? 'Ends on' : 'Renews on'} <DateText iso={String(proSubscription.currentPeriodEnd)} />
          </span>
        )}
      </p>
    );
  }
  return (
    <button type="button" className="button button--primary" disabled={!configured || starting} onClick={onUpgrade}>
      {starting ? 'Opening checkout…' : 'Upgrade to PRO'}
    </button>
  );
}

function TeamsAction({ managed, configured, starting, onStart }: { managed: Membership[]; configured: boolean; starting: boolean; onStart: (plan: 'TEAMS' | 'STARTER', membership: Membership) => void }) {
  const [chosen, setChosen] = useState<string>('');
  const selectId = useId();
  if (managed.length === 0) {
    return (
      <p className="plans__hint">
        Plans are bought for a team you manage. <Link to="/teams">Create a team</Link> first.
      </p>
    );
  }
  const membership = managed.find((candidate) => candidate.team.id === chosen) ?? managed[0]!;
  if (membership.team.isSubscriptionActive) {
    return (
      <div className="plans__team">
        {managed.length > 1 && <TeamPicker id={selectId} managed={managed} value={membership.team.id} onChange={setChosen} />}
        <p className="plans__current">
          {membership.team.name} is subscribed. <Link to={`/teams/${membership.team.databaseId}/billing`}>Team billing</Link>
        </p>
      </div>
    );
  }
  return (
    <div className="plans__team">
      {managed.length > 1 && <TeamPicker id={selectId} managed={managed} value={membership.team.id} onChange={setChosen} />}
      <div className="plans__buttons">
        <button type="button" className="button button--primary" disabled={!configured || starting} onClick={() => onStart('TEAMS', membership)}>
          Start Teams Plan
        </button>
        <button type="button" className="button button--outline" disabled={!configured || starting} onClick={() => onStart('STARTER', membership)}>
          Start Starter Plan
        </button>
      </div>
      {managed.length === 1 && <p className="plans__hint">For {membership.team.name}.</p>}
    </div>
  );
}

function TeamPicker({ id, managed, value, onChange }: { id: string; managed: Membership[]; value: string; onChange: (teamId: string) => void }) {
  const options = managed.map((membership) => ({ value: membership.team.id, label: membership.team.name }));
  return <Select id={id} label="Team" className="plans__picker" value={value} options={options} onChange={onChange} />;
}
