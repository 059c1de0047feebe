/**
 * People who sign up through the load balancer as the web app's sign-up does: a code mailed to
 * the address (read from the SMTP capture), the code exchanged for a proof, the proof for an
 * account and a session (bearer tokens, as the mobile shell asks for them), then a username (only
 * members with one can be credited).
 */
import type { SmtpCapture } from '../../server/src/test-support/smtp-capture.js';
import type { ClusterClient } from './cluster-client.js';

export interface Person {
  email: string;
  password: string;
  userId: number;
  token: string;
}

export const PASSWORD = 'cluster-check-Passw0rd!';

const CHOOSE_USERNAME = 'mutation($input: ChooseUsernameInput!) { chooseUsername(input: $input) { user { id } } }';

export async function signUp(client: ClusterClient, mail: Pick<SmtpCapture, 'waitForMail'>, username: string): Promise<Person> {
  const email = `${username}@example.com`;
  const sent = await client.rest('sendCode', 'PUT', '/users/verify', { body: { email, returnTo: '/' } });
  if (!sent.ok) throw new Error(`no code was sent to ${email}: ${sent.request.detail}`);
  const code = /\b(\d{6})\b/.exec((await mail.waitForMail(email, { timeoutMs: 60_000 })).text)?.[1];
  if (!code) throw new Error(`the mail to ${email} carries no code`);
  const proof = await client.rest<{ token: string }>('checkCode', 'POST', '/users/verify', { body: { email, code } });
  if (!proof.ok || !proof.body?.data) throw new Error(`the code for ${email} was refused: ${proof.request.detail}`);
  const signedUp = await client.rest<{ user: { id: number }; token: string }>('signUp', 'POST', '/auth/email/signup', {
    body: { email, password: PASSWORD, token: proof.body.data.token },
    bearerSession: true,
  });
  if (!signedUp.ok || !signedUp.body?.data) throw new Error(`${email} could not sign up: ${signedUp.request.detail}`);
  const { token } = signedUp.body.data;
  const named = await client.graphql('chooseUsername', CHOOSE_USERNAME, { input: { username } }, token);
  if (!named.ok) throw new Error(`${email} could not choose a username: ${named.request.detail}`);
  return { email, password: PASSWORD, userId: signedUp.body.data.user.id, token };
}
