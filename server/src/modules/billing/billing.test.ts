import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RoleFlag } from '../../../../domain/enums.js';
import * as MESSAGES from '../../../../domain/messages.js';
import { createLoginCredential, createTeam, createUser } from '../../test-support/factories.js';
import { queryRows } from '../../test-support/sql.js';
import { graphql, useTestServer } from '../../test-support/test-server.js';

// Starts without STRIPE_SECRET_KEY; the configured tests point the running server at the fake below.
const env = useTestServer();

interface StripeCall {
  method: string;
  path: string;
  query: URLSearchParams;
  form: URLSearchParams;
  authorization: string | undefined;
}

/** The three Stripe endpoints billing uses, imitated: customers by email, new customers, portal sessions. */
class FakeStripe {
  readonly calls: StripeCall[] = [];
  readonly customers = new Map<string, string>();
  private server: Server | null = null;
  url = '';

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      let raw = '';
      req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      req.on('end', () => {
        const url = new URL(req.url ?? '/', 'http://stripe.test');
        const call = { method: req.method ?? '', path: url.pathname, query: url.searchParams, form: new URLSearchParams(raw), authorization: req.headers.authorization };
        this.calls.push(call);
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify(this.answer(call)));
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  private answer(call: StripeCall): unknown {
    if (call.method === 'GET' && call.path === '/v1/customers') {
      const id = [...this.customers].find(([, email]) => email === call.query.get('email'))?.[0];
      return { object: 'list', url: '/v1/customers', has_more: false, data: id ? [{ id, object: 'customer', email: this.customers.get(id) }] : [] };
    }
    if (call.method === 'POST' && call.path === '/v1/customers') {
      const id = `cus_new${this.customers.size}`;
      this.customers.set(id, call.form.get('email') ?? '');
      return { id, object: 'customer', email: call.form.get('email') };
    }
    if (call.method === 'POST' && call.path === '/v1/billing_portal/sessions') {
      return { id: 'bps_1', object: 'billing_portal.session', customer: call.form.get('customer'), url: `https://billing.stripe.test/p/${call.form.get('customer')}` };
    }
    return { error: { type: 'invalid_request_error', message: 'unknown' } };
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

const stripe = new FakeStripe();
beforeAll(() => stripe.start());
afterAll(() => stripe.stop());

const PORTAL = 'mutation ($path: String!) { createBillingPortalSession(input: { returnPath: $path }) { url } }';

describe('createBillingPortalSession (the Billing menu item)', () => {
  it('is refused to users who fail the billing check, then says billing is not configured', async () => {
    const em = env.server.orm.em.fork();
    const [plain, pro] = [await createUser(em), await createUser(em, { roleFlags: [RoleFlag.pro] })];
    const refused = await graphql(env.server, PORTAL, { variables: { path: '/settings' }, token: env.server.tokenFor(plain.id) });
    expect(refused.body.errors?.[0]).toMatchObject({ message: MESSAGES.billingNotAvailable, extensions: { code: 'FORBIDDEN' } });
    const unconfigured = await graphql(env.server, PORTAL, { variables: { path: '/settings' }, token: env.server.tokenFor(pro.id) });
    expect(unconfigured.body.errors?.[0]).toMatchObject({ message: 'Billing is not configured.', extensions: { code: 'UNPROCESSABLE' } });
    expect((await graphql(env.server, PORTAL, { variables: { path: '/' } })).body.errors?.[0]?.extensions).toMatchObject({ code: 'UNAUTHENTICATED' });
  });

  describe('with Stripe configured', () => {
    beforeAll(() => {
      env.server.config.stripeSecretKey = 'sk_test_byline';
      env.server.config.stripeApiBase = stripe.url;
    });

    it('finds the customer by a verified email, opens the portal back to the page, and remembers the customer', async () => {
      const em = env.server.orm.em.fork();
      const user = await createUser(em, { roleFlags: [RoleFlag.freePro] });
      await createLoginCredential(em, user, { provider: 'email', emailVerifiedAt: new Date() });
      stripe.customers.set('cus_existing', user.email!);
      stripe.calls.length = 0;

      const opened = await graphql(env.server, PORTAL, { variables: { path: '/teams/7/billing?tab=cards' }, token: env.server.tokenFor(user.id) });
      expect(opened.body.data).toEqual({ createBillingPortalSession: { url: 'https://billing.stripe.test/p/cus_existing' } });
      expect(stripe.calls.map((call) => `${call.method} ${call.path}`)).toEqual(['GET /v1/customers', 'POST /v1/billing_portal/sessions']);
      expect(stripe.calls[0]?.query.get('email')).toBe(user.email);
      expect(stripe.calls[0]?.authorization).toBe('Bearer sk_test_byline');
      expect(Object.fromEntries(stripe.calls[1]!.form)).toEqual({ customer: 'cus_existing', return_url: `${env.server.config.publicUrl}/teams/7/billing?tab=cards` });
      expect(await queryRows(env.database.url, 'select stripe_customer_id from users where id = $1', [user.id])).toEqual([{ stripe_customer_id: 'cus_existing' }]);

      stripe.calls.length = 0;
      await graphql(env.server, PORTAL, { variables: { path: '/' }, token: env.server.tokenFor(user.id) });
      expect(stripe.calls.map((call) => `${call.method} ${call.path}`)).toEqual(['POST /v1/billing_portal/sessions']);
    });

    it('creates a customer for a team manager whose address is not proven (never matching by it)', async () => {
      const em = env.server.orm.em.fork();
      const manager = await createUser(em);
      await createTeam(em, [{ user: manager, role: 'manager' }]);
      stripe.customers.set('cus_someone_else', manager.email!);
      stripe.calls.length = 0;

      const opened = await graphql(env.server, PORTAL, { variables: { path: '/settings' }, token: env.server.tokenFor(manager.id) });
      expect(stripe.calls.map((call) => `${call.method} ${call.path}`)).toEqual(['POST /v1/customers', 'POST /v1/billing_portal/sessions']);
      expect(stripe.calls[0]?.form.get('metadata[bylineUserId]')).toBe(String(manager.id));
      const created = stripe.calls[1]?.form.get('customer');
      expect(created).toMatch(/^cus_new/);
      expect(opened.body.data).toEqual({ createBillingPortalSession: { url: `https://billing.stripe.test/p/${created}` } });
    });

    it('only returns to a page of this site', async () => {
      const user = await createUser(env.server.orm.em.fork(), { roleFlags: [RoleFlag.pro] });
      for (const path of ['https://evil.test/', '//evil.test/x', '/\\evil.test', 'settings']) {
        const response = await graphql(env.server, PORTAL, { variables: { path }, token: env.server.tokenFor(user.id) });
        expect(response.body.errors?.[0]).toMatchObject({ message: MESSAGES.returnPathInvalid, extensions: { code: 'BAD_USER_INPUT' } });
      }
    });
  });
});
