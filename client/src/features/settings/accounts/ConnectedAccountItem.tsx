import { useMutation } from '@apollo/client/react';
import { useState } from 'react';
import { ConnectSocialAccountDocument, DisconnectSocialAccountDocument, VerifySocialAccountDocument, type ConnectedSocialAccountItemFragment } from '@gql/graphql';
import { formatCount } from '@domain/format';
import { StatsChart } from '@features/analytics';
import * as MESSAGES from '@domain/messages';
import { serverRefusal } from '@shell/serverError';
import { ConfirmDialog } from '@ui/ConfirmDialog';
import { DateText } from '@ui/DateText';
import { displayHandle } from './accountText';

interface ConnectedAccountItemProps {
  connected: ConnectedSocialAccountItemFragment;
  onChanged(): void;
}

/** One connected account: verified (with its followers), or waiting for its code, with Check now and Disconnect. */
export function ConnectedAccountItem({ connected, onChanged }: ConnectedAccountItemProps) {
  const { account } = connected;
  const handle = displayHandle(account.handle, account.network.usesAtHandle);
  const [verify, verifying] = useMutation(VerifySocialAccountDocument);
  const [disconnect, disconnecting] = useMutation(DisconnectSocialAccountDocument);
  const [reconnect, reconnecting] = useMutation(ConnectSocialAccountDocument);
  const [confirming, setConfirming] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [claimed, setClaimed] = useState<number | null>(null);
  const [showNumbers, setShowNumbers] = useState(false);
  const expired = connected.codeExpiresAt !== null && new Date(connected.codeExpiresAt) <= new Date();

  async function checkNow() {
    setProblem(null);
    try {
      const { data } = await verify({ variables: { input: { socialAccountId: account.id } } });
      setClaimed(data?.verifySocialAccount.claimedCreditCount ?? 0);
      onChanged();
    } catch (error) {
      setProblem(serverRefusal(error)?.message ?? MESSAGES.somethingWentWrong);
    }
  }

  /** Connecting again after the code expired gives a fresh one. */
  async function newCode() {
    setProblem(null);
    try {
      await reconnect({ variables: { input: { networkId: account.network.id, handleOrUrl: account.handle } } });
      onChanged();
    } catch (error) {
      setProblem(serverRefusal(error)?.message ?? MESSAGES.somethingWentWrong);
    }
  }

  async function confirmDisconnect() {
    setConfirming(false);
    setProblem(null);
    try {
      await disconnect({ variables: { input: { socialAccountId: account.id } } });
      onChanged();
    } catch (error) {
      setProblem(serverRefusal(error)?.message ?? MESSAGES.somethingWentWrong);
    }
  }

  return (
    <li className="connected-account" data-testid="connected-account" data-verified={connected.isVerified}>
      <div className="connected-account__head">
        <span className="connected-account__network">{account.network.title}</span>
        {account.profileUrl ? (
          <a className="connected-account__handle" href={account.profileUrl} target="_blank" rel="noreferrer noopener">
            {handle}
          </a>
        ) : (
          <span className="connected-account__handle">{handle}</span>
        )}
        {connected.isVerified ? (
          <span className="connected-account__status connected-account__status--verified">Verified</span>
        ) : (
          <span className="connected-account__status">Not verified yet</span>
        )}
      </div>

      {connected.isVerified ? (
        <p className="connected-account__detail">
          {account.followerCount === null ? 'Followers not shown by the network' : `${formatCount(account.followerCount)} followers`}
          {connected.verifiedAt && (
            <>
              {' · verified '}
              <DateText iso={connected.verifiedAt} />
            </>
          )}
          {claimed !== null && claimed > 0 && ` · ${claimed} ${claimed === 1 ? 'credit' : 'credits'} waiting for your answer`}
        </p>
      ) : expired ? (
        <p className="connected-account__detail">Your code has expired. Get a new one, put it in the bio, then check again.</p>
      ) : (
        <div className="connected-account__proof">
          <p className="connected-account__detail">Prove it is yours: add this code anywhere in the account’s bio, save, then check.</p>
          <code className="connected-account__code" data-testid="verification-code">
            {connected.verificationCode}
          </code>
          {connected.codeExpiresAt && (
            <p className="connected-account__detail">
              The code works until <DateText iso={connected.codeExpiresAt} />. You can remove it from your bio once verified.
            </p>
          )}
        </div>
      )}

      {problem && (
        <p className="account-form__problem" role="alert">
          {problem}
        </p>
      )}

      <div className="connected-account__actions">
        {!connected.isVerified && !expired && (
          <button type="button" className="button button--primary" disabled={verifying.loading} onClick={() => void checkNow()}>
            {verifying.loading ? 'Checking…' : 'Check now'}
          </button>
        )}
        {!connected.isVerified && expired && (
          <button type="button" className="button button--primary" disabled={reconnecting.loading} onClick={() => void newCode()}>
            {reconnecting.loading ? 'Getting a new code…' : 'Get a new code'}
          </button>
        )}
        {connected.isVerified && (
          <button type="button" className="button button--outline" aria-expanded={showNumbers} aria-label={`Numbers of ${handle}`} onClick={() => setShowNumbers(!showNumbers)}>
            {showNumbers ? 'Hide numbers' : 'Numbers'}
          </button>
        )}
        <button type="button" className="button button--outline" disabled={disconnecting.loading} aria-label={`Disconnect ${handle}`} onClick={() => setConfirming(true)}>
          Disconnect
        </button>
      </div>

      {/* The account's own analytics: views, likes and posts of its posts over the stored history. */}
      {connected.isVerified && showNumbers && <StatsChart subject={{ socialAccountId: account.id }} heading={`${handle}: numbers over time`} />}

      <ConfirmDialog open={confirming} title="Disconnect this account?" yesLabel="Disconnect" noLabel="Cancel" primary="no" onYes={() => void confirmDisconnect()} onNo={() => setConfirming(false)}>
        {connected.isVerified ? `Posts from ${handle} will no longer show as yours. Credits you already claimed stay yours.` : `The code for ${handle} stops working.`}
      </ConfirmDialog>
    </li>
  );
}
