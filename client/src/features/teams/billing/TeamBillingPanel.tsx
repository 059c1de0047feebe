import { useMutation, useQuery } from '@apollo/client/react';
import { useState } from 'react';
import * as MESSAGES from '@domain/messages';
import { CreateBillingPortalSessionDocument, TeamBillingDocument, type TeamBillingDetailsFragment } from '@gql/graphql';
import { PLAN_NAMES, SUBSCRIPTION_STATUS_LABELS, isNoExpiry, useStartCheckout } from '@features/plans';
import { leavePageFor } from '@shell/leavePage';
import { serverRefusal } from '@shell/serverError';
import { DateText } from '@ui/DateText';
import { Skeleton } from '@ui/Skeleton';
import { InvoiceTable } from './InvoiceTable';
import { SeatsForm } from './SeatsForm';
import './team-billing.css';

/** The billing of one team, for its managers: what it pays for and the ways to change it. */
export function TeamBillingPanel({ teamId, teamNumber }: { teamId: string; teamNumber: number }) {
  const { data, loading, error } = useQuery(TeamBillingDocument, { variables: { id: teamId }, fetchPolicy: 'cache-and-network' });
  const here = `/teams/${teamNumber}/billing`;

  if (loading && !data) return <Skeleton shape="card" lines={2} label="Loading…" />;
  if (error && !data) {
    return (
      <p className="plans__problem" role="alert">
        The team’s billing could not be loaded. Reload the page to try again.
      </p>
    );
  }
  const billing = data?.team?.billing ?? null;
  const configured = data?.billingConfigured ?? false;
  return (
    <>
      {!configured && (
        <p className="plans__notice" role="status">
          {MESSAGES.billingNotConfigured} Subscriptions and seats cannot be changed right now.
        </p>
      )}
      {!billing ? (
        <p className="plans__problem" role="alert">
          Only the team’s managers can see its billing.
        </p>
      ) : (
        <BillingDetails billing={billing} teamId={teamId} here={here} configured={configured} />
      )}
    </>
  );
}

function BillingDetails({ billing, teamId, here, configured }: { billing: TeamBillingDetailsFragment; teamId: string; here: string; configured: boolean }) {
  const subscribed = billing.subscriptionStatus === 'ACTIVE' || billing.subscriptionStatus === 'TRIALING' || billing.subscriptionStatus === 'PAST_DUE';
  return (
    <div className="team-billing">
      <dl className="team-billing__facts">
        <dt>Plan</dt>
        <dd>{billing.plan ? PLAN_NAMES[billing.plan] : 'No plan yet'}</dd>
        <dt>Status</dt>
        <dd>
          {billing.isActive ? 'Active' : 'Inactive'}
          {billing.subscriptionStatus && ` (subscription: ${SUBSCRIPTION_STATUS_LABELS[billing.subscriptionStatus]})`}
        </dd>
        <dt>Seats</dt>
        <dd>{billing.seats !== null && billing.seats !== undefined ? `${billing.seats}${billing.baseSeats ? ` (${billing.baseSeats} included in the plan)` : ''}` : '—'}</dd>
        <dt>Renewal or expiry</dt>
        <dd>
          <RenewalText billing={billing} />
        </dd>
      </dl>

      {subscribed && billing.seats && billing.baseSeats ? (
        <SeatsForm teamId={teamId} seats={billing.seats} baseSeats={billing.baseSeats} disabled={!configured} />
      ) : (
        <StartSubscription teamId={teamId} here={here} disabled={!configured} />
      )}

      <PortalButton here={here} disabled={!configured} />

      <h2>Invoices</h2>
      <InvoiceTable invoices={billing.invoices.nodes} />
    </div>
  );
}

function RenewalText({ billing }: { billing: TeamBillingDetailsFragment }) {
  if (billing.renewsAt) {
    return (
      <>
        Renews on <DateText iso={String(billing.renewsAt)} />
      </>
    );
  }
  if (billing.expiresAt) {
    return (
      <>
        Ends on <DateText iso={String(billing.expiresAt)} />
      </>
    );
  }
  if (billing.externalInvoiceExpiration && isNoExpiry(String(billing.externalInvoiceExpiration))) return <>Paid by invoice, no expiry</>;
  return <>—</>;
}

function StartSubscription({ teamId, here, disabled }: { teamId: string; here: string; disabled: boolean }) {
  const checkout = useStartCheckout();
  return (
    <section className="team-billing__start" aria-label="Start your subscription">
      <h2>{MESSAGES.startYourSubscription}</h2>
      <div className="plans__buttons">
        <button type="button" className="button button--primary" disabled={disabled || checkout.starting} onClick={() => void checkout.start('TEAMS', here, teamId)}>
          Start Teams Plan
        </button>
        <button type="button" className="button button--outline" disabled={disabled || checkout.starting} onClick={() => void checkout.start('STARTER', here, teamId)}>
          Start Starter Plan
        </button>
      </div>
      {checkout.problem && (
        <p className="plans__problem" role="alert">
          {checkout.problem}
        </p>
      )}
    </section>
  );
}

/** The card-payment billing portal (cards, receipts, cancelling), coming back to this page. */
function PortalButton({ here, disabled }: { here: string; disabled: boolean }) {
  const [openPortal, { loading }] = useMutation(CreateBillingPortalSessionDocument);
  const [problem, setProblem] = useState<string | null>(null);
  const open = async () => {
    setProblem(null);
    try {
      const { data } = await openPortal({ variables: { input: { returnPath: here } } });
      if (data) leavePageFor(data.createBillingPortalSession.url);
    } catch (error) {
      setProblem(serverRefusal(error)?.message ?? MESSAGES.somethingWentWrong);
    }
  };
  return (
    <p className="team-billing__portal">
      <button type="button" className="button button--outline" disabled={disabled || loading} onClick={() => void open()}>
        Open the billing portal
      </button>
      {problem && (
        <span className="plans__problem" role="alert">
          {problem}
        </span>
      )}
    </p>
  );
}
