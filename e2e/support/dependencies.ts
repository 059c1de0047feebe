import { startFixtureNetworks, type FixtureNetworks, type FixtureNetworksOptions } from '../../server/src/test-support/fixture-networks/fixture-network-server.js';
import { appleTestEnv, startAppleSignInServer, type AppleSignInTestServer } from '../../server/src/test-support/apple-signin-server.js';
import { googleTestEnv, startGoogleOAuthServer, type GoogleOAuthTestServer } from '../../server/src/test-support/google-oauth-server.js';
import { startSmtpCapture, type SmtpCapture } from '../../server/src/test-support/smtp-capture.js';
import type { StripeStandIn } from '../../server/src/test-support/stripe-stand-in.js';
import type { StartDependency } from './test-app.js';

/**
 * The servers browser tests put next to the app, ready for `useTestApp({ dependsOn })`. Each
 * `start` is given to `dependsOn`; `server` is the running server, readable in tests and hooks.
 */
export interface TestServer<T> {
  start: StartDependency;
  readonly server: T;
}

function testServer<T>(launch: () => Promise<T>, env: (server: T) => Record<string, string>, stop: (server: T) => Promise<void>, name: string): TestServer<T> {
  let running: T | undefined;
  return {
    async start() {
      const server = await launch();
      running = server;
      return { env: env(server), stop: () => stop(server) };
    },
    get server() {
      if (running === undefined) throw new Error(`the ${name} is not started yet: use it inside tests or hooks`);
      return running;
    },
  };
}

/** A real SMTP server keeping what the app mails (codes and links are read from what it really sent). */
export function mailCapture(): TestServer<SmtpCapture> {
  return testServer(startSmtpCapture, (smtp) => ({ SMTP_URL: smtp.url }), (smtp) => smtp.close(), 'mail capture');
}

/** The fixture networks the app imports posts and profiles from. */
export function fixtureNetworks(options: FixtureNetworksOptions = {}): TestServer<FixtureNetworks> {
  return testServer(() => startFixtureNetworks(options), (fixtures) => ({ SCRAPER_BASE_URL: fixtures.baseUrl }), (fixtures) => fixtures.close(), 'fixture networks');
}

/** A local Google for signing in with Google. */
export function googleOAuth(): TestServer<GoogleOAuthTestServer> {
  return testServer(() => startGoogleOAuthServer(), googleTestEnv, (google) => google.stop(), 'local Google');
}

/** A local Apple for Sign in with Apple (its answer is a cross-site form POST, as Apple's is). */
export function appleSignIn(): TestServer<AppleSignInTestServer> {
  return testServer(() => startAppleSignInServer(), appleTestEnv, (apple) => apple.stop(), 'local Apple');
}

export const E2E_STRIPE_PRICES = { STRIPE_PRICE_PRO: 'price_e2e_pro', STRIPE_PRICE_TEAMS: 'price_e2e_teams', STRIPE_PRICE_STARTER: 'price_e2e_starter', STRIPE_PRICE_SEAT: 'price_e2e_seat' };

/** Stripe replaced by `stripe`, the local stand-in, whose signed webhook events go to the app once it is up. */
export function stripeStandIn(stripe: StripeStandIn): StartDependency {
  return async () => {
    await stripe.start();
    return {
      env: { STRIPE_SECRET_KEY: 'sk_test_e2e', STRIPE_WEBHOOK_SECRET: stripe.webhookSecret, STRIPE_API_BASE: stripe.url, ...E2E_STRIPE_PRICES },
      appStarted: (appUrl) => {
        stripe.webhookUrl = `${appUrl}/api/stripe/webhook`;
      },
      stop: () => stripe.stop(),
    };
  };
}
