import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import * as MESSAGES from '../../../../../domain/messages.js';
import type { AppConfig } from '../../../config.js';
import { Conflict, InvalidInput, NotFound, Unauthenticated } from '../../../errors/app-errors.js';
import { recordAudit, auditViewer } from '../../audit/index.js';
import { LoginCredential, type LoginProvider, User, requireOwnSession } from '../../users/index.js';
import { isOpenInvitationFor } from '../../teams/index.js';
import { recordAuthFailure } from '../auth-audit.js';
import { forgetPasswordAttempts, limitPasswordAttempts } from '../limits/auth-rate-limit.js';
import { findAccountOfAddress, findEmailLogin, findUserByEmail, otherLoginProviders } from './email-logins.js';
import { returnPasswordGuess, takePasswordGuess } from '../limits/password-guess-budget.js';
import { assertAcceptablePassword, hashPassword, isCheckablePassword, spendPasswordCheckTime, verifyPassword } from './passwords.js';
import { spendVerifiedEmailProof } from './verification-codes.js';
import { claimCreditsByEmail } from '../../credits/index.js';
import type { Viewer } from '../../users/index.js';

export interface EmailCheck {
  /** An email login exists for the address. */
  exists: boolean;
  verified: boolean;
  /** Other logins of the account the address belongs to, e.g. ['google']. */
  providers: LoginProvider[];
}

/**
 * What proves the address at sign-up: the token handed back for a correct verification code,
 * or the code of an open team invitation mailed to that address.
 */
export type EmailProof = { kind: 'code'; token: string } | { kind: 'invitation'; code: string };

/** What the email form needs to pick its next step (docs/product.md §Sign-in). */
export async function checkEmail(em: EntityManager, email: string): Promise<EmailCheck> {
  const account = await findAccountOfAddress(em, email);
  return {
    exists: account?.emailLogin != null,
    verified: account?.emailLogin?.emailVerifiedAt != null,
    providers: account ? await otherLoginProviders(em, account.user.id) : [],
  };
}

/** Who is signing in and from where: password guesses are counted per account, and per account and caller. */
export interface PasswordAttempt {
  email: string;
  password: string;
  ip: string;
}

/** Google-, Twitter- and Apple-only accounts are told which button to use (docs/product.md §Sign-in), with the provider for the client. */
async function refuseSocialOnlyAccount(em: EntityManager, email: string): Promise<void> {
  const owner = await findUserByEmail(em, email);
  if (!owner) return;
  const providers = await otherLoginProviders(em, owner.id);
  if (providers.includes('google')) throw new Conflict(MESSAGES.useGoogleSignIn, { provider: 'google' });
  if (providers.includes('twitter')) throw new Conflict(MESSAGES.useTwitterSignIn, { provider: 'twitter' });
  if (providers.includes('apple')) throw new Conflict(MESSAGES.useAppleSignIn, { provider: 'apple' });
}

/**
 * The account whose email login matches, or null for a wrong password (the attempt is counted).
 * Throws 404 when the address has no email login, 429 while the caller or the account has
 * guessed too often.
 */
async function checkPassword(em: EntityManager, config: AppConfig, attempt: PasswordAttempt, failure: 'signinError' | 'signupError'): Promise<User | null> {
  await limitPasswordAttempts(em, config, attempt.email, attempt.ip);
  await takePasswordGuess(em, config, attempt.email);
  const login = await findEmailLogin(em, attempt.email, { withPasswordHash: true });
  if (!login) {
    // As long as a real check, so timing does not tell which addresses have accounts.
    await spendPasswordCheckTime(attempt.password);
    await refuseSocialOnlyAccount(em, attempt.email);
    await recordAuthFailure(em, failure, { reason: 'unknown_email', email: attempt.email });
    throw new NotFound(MESSAGES.signInUserNotFound);
  }
  const matches = isCheckablePassword(attempt.password) && login.passwordHash ? await verifyPassword(login.passwordHash, attempt.password) : false;
  if (!matches) {
    await recordAuthFailure(em, failure, { reason: 'wrong_password', email: attempt.email, userId: login.user.id });
    return null;
  }
  await forgetPasswordAttempts(em, attempt.email, attempt.ip);
  await returnPasswordGuess(em, attempt.email);
  return login.user.loadOrFail();
}

/** Email sign-in with the spec's answers: 404 unknown address, 401 wrong password, 409 social-only account. */
export async function signInWithPassword(em: EntityManager, config: AppConfig, attempt: PasswordAttempt): Promise<User> {
  const user = await checkPassword(em, config, attempt, 'signinError');
  if (!user) throw new Unauthenticated(MESSAGES.wrongEmailOrPassword);
  return user;
}

/**
 * Email sign-up with a proof from the verification code. An address that already has an email
 * login is signed in with the same password instead (docs/product.md §Sign-in). An account that has
 * the address on file but no email login (Google, Twitter) gains one: the code proved the mailbox
 * is theirs.
 */
export async function signUpWithEmail(
  em: EntityManager,
  config: AppConfig,
  attempt: PasswordAttempt & { proof: EmailProof },
): Promise<{ user: User; isNewUser: boolean }> {
  if (await findEmailLogin(em, attempt.email)) {
    const user = await checkPassword(em, config, attempt, 'signupError');
    if (!user) throw new Unauthenticated(MESSAGES.signUpExistingEmail);
    return { user, isNewUser: false };
  }
  assertAcceptablePassword(attempt.password);
  const passwordHash = await hashPassword(attempt.password);
  const existingOwner = await findUserByEmail(em, attempt.email);
  const user = await addEmailLogin(em, { email: attempt.email, proof: attempt.proof, passwordHash, userId: existingOwner?.id ?? null });
  return { user, isNewUser: existingOwner === null };
}

/**
 * The "add a login" flow (`/settings/login?w=email`): a signed-in person gives their account an
 * email login for an address they proved with a code. Refused outside their own session (with a
 * personal access token, or while masquerading) and for an address of another account.
 */
export async function attachEmailLogin(em: EntityManager, viewer: Viewer, input: { email: string; password: string; proof: EmailProof }): Promise<User> {
  requireOwnSession(viewer, MESSAGES.loginMethodsNeedSession);
  const login = await findEmailLogin(em, input.email);
  if (login) throw new Conflict(login.user.id === viewer.user.id ? MESSAGES.emailLoginExists : MESSAGES.emailLoginTaken);
  const owner = await findUserByEmail(em, input.email);
  if (owner && owner.id !== viewer.user.id) throw new Conflict(MESSAGES.emailLoginTaken);
  assertAcceptablePassword(input.password);
  const passwordHash = await hashPassword(input.password);
  const user = await addEmailLogin(em, { email: input.email, proof: input.proof, passwordHash, userId: viewer.user.id });
  recordAudit(em, auditViewer(viewer), { action: 'create', target: 'login_credentials', targetId: user.id, fields: { provider: 'email' } });
  await em.flush();
  return user;
}

/**
 * Spends the proof and creates the email login, for a new user (userId null) or an existing one,
 * in one transaction. A second request racing for the same address loses on the unique index.
 */
async function addEmailLogin(em: EntityManager, input: { email: string; proof: EmailProof; passwordHash: string; userId: number | null }): Promise<User> {
  let user: User | null;
  try {
    user = await em.transactional(async (tx) => {
      if (!(await acceptProof(tx, input.email, input.proof))) return null;
      const owner = input.userId === null ? tx.create(User, { email: input.email }) : await tx.findOneOrFail(User, input.userId);
      owner.email ??= input.email;
      tx.create(LoginCredential, { user: owner, provider: 'email', providerUserId: input.email, passwordHash: input.passwordHash, emailVerifiedAt: new Date() });
      await tx.flush();
      // The address is proven now: credits sent to it before the person joined become theirs (pending).
      await claimCreditsByEmail(tx, owner.id, input.email);
      return owner;
    });
  } catch (error) {
    if (error instanceof UniqueConstraintViolationException) throw new Conflict(MESSAGES.emailLoginTaken);
    throw error;
  }
  if (!user) {
    await recordAuthFailure(em, 'signupError', { reason: input.proof.kind === 'code' ? 'verified_email_proof_invalid' : 'invitation_proof_invalid', email: input.email });
    // An invitation for another address: the form falls back to mailing a code (details.proof).
    if (input.proof.kind === 'invitation') throw new InvalidInput(MESSAGES.invitationNotForAddress, { proof: 'invitation' });
    throw new InvalidInput(MESSAGES.codeInvalid);
  }
  return user;
}

/** A code proof is spent (single use); an invitation stays open until the team accepts it. */
function acceptProof(em: EntityManager, email: string, proof: EmailProof): Promise<boolean> {
  return proof.kind === 'code' ? spendVerifiedEmailProof(em, email, proof.token) : isOpenInvitationFor(em, proof.code, email);
}
