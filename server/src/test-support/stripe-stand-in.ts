import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * A local stand-in for the few Stripe endpoints Byline calls (customers, Checkout sessions,
 * subscriptions retrieve/update, invoices, billing portal sessions), keeping its objects in
 * memory, plus what Stripe itself would do: a Checkout page that "pays" and webhook events
 * signed with Stripe's real scheme (the SDK's generateTestHeaderString), sent to the app.
 * Point the app at it with STRIPE_API_BASE (config.stripeApiBase).
 */

export interface StandInCall {
  method: string;
  path: string;
  query: URLSearchParams;
  form: URLSearchParams;
  authorization: string | undefined;
}

interface StandInItem {
  id: string;
  object: 'subscription_item';
  price: { id: string; object: 'price' };
  quantity: number;
  current_period_start: number;
  current_period_end: number;
}

export interface StandInSubscription {
  id: string;
  object: 'subscription';
  customer: string;
  status: Stripe.Subscription.Status;
  items: { object: 'list'; data: StandInItem[]; has_more: false; url: string };
  metadata: Record<string, string>;
  collection_method: 'charge_automatically' | 'send_invoice';
  cancel_at_period_end: boolean;
  cancel_at: number | null;
  trial_end: number | null;
  created: number;
}

export interface StandInInvoice {
  id: string;
  object: 'invoice';
  customer: string;
  status: 'draft' | 'open' | 'paid' | 'uncollectible' | 'void';
  number: string | null;
  amount_due: number;
  amount_paid: number;
  currency: string;
  hosted_invoice_url: string;
  period_start: number;
  period_end: number;
  created: number;
  parent: { type: 'subscription_details'; subscription_details: { subscription: string; metadata: Record<string, string> } };
}

interface StandInCheckoutSession {
  id: string;
  object: 'checkout.session';
  mode: 'subscription';
  customer: string;
  url: string;
  success_url: string;
  cancel_url: string;
  status: 'open' | 'complete';
  subscription: string | null;
  metadata: Record<string, string>;
  client_reference_id: string | null;
  lineItems: Array<{ price: string; quantity: number }>;
  subscriptionMetadata: Record<string, string>;
}

/** What a webhook delivery got back from the app. */
export interface DeliveryResult {
  status: number;
  body: string;
}

/** A signed event, for tests that send it themselves (twice, late, or tampered with). */
export interface SignedEvent {
  id: string;
  payload: string;
  signature: string;
}

const DAY = 24 * 60 * 60;
/** Amount of every line in the stand-in's invoices, in cents. */
const LINE_AMOUNT = 1_200;

export class StripeStandIn {
  readonly calls: StandInCall[] = [];
  readonly customers = new Map<string, { id: string; email: string | null }>();
  readonly subscriptions = new Map<string, StandInSubscription>();
  readonly invoices = new Map<string, StandInInvoice>();
  readonly sessions = new Map<string, StandInCheckoutSession>();
  readonly portalSessions = new Map<string, { customer: string; returnUrl: string }>();
  /** Where signed events go: the app's /api/stripe/webhook. */
  webhookUrl = '';
  url = '';
  private server: Server | null = null;
  private counter = 0;
  private readonly signer = new Stripe('sk_test_stand_in_signer');

  constructor(readonly webhookSecret: string = 'whsec_stand_in_secret') {}

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      void this.handle(req, res).catch((error: unknown) => {
        res.statusCode = 500;
        res.end(JSON.stringify({ error: { type: 'api_error', message: String(error) } }));
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  nextId(prefix: string): string {
    this.counter += 1;
    return `${prefix}_standin${this.counter}${Math.random().toString(36).slice(2, 8)}`;
  }

  // ---- what Stripe does on its own: subscriptions, invoices, signed events ----

  /** A subscription as Checkout (or the Dashboard) would create it, active for a month. */
  createSubscription(fields: { customer: string; prices: Array<{ price: string; quantity: number }>; metadata?: Record<string, string>; collection_method?: StandInSubscription['collection_method'] }): StandInSubscription {
    const now = Math.floor(Date.now() / 1000);
    const subscription: StandInSubscription = {
      id: this.nextId('sub'),
      object: 'subscription',
      customer: fields.customer,
      status: 'active',
      items: { object: 'list', data: [], has_more: false, url: '/v1/subscription_items' },
      metadata: fields.metadata ?? {},
      collection_method: fields.collection_method ?? 'charge_automatically',
      cancel_at_period_end: false,
      cancel_at: null,
      trial_end: null,
      created: now,
    };
    for (const line of fields.prices) subscription.items.data.push(this.item(line.price, line.quantity, now));
    this.subscriptions.set(subscription.id, subscription);
    return subscription;
  }

  /** An invoice for the subscription's current period, paid unless said otherwise. */
  createInvoice(subscriptionId: string, status: StandInInvoice['status'] = 'paid'): StandInInvoice {
    const subscription = this.requireSubscription(subscriptionId);
    const amount = subscription.items.data.reduce((sum, item) => sum + LINE_AMOUNT * item.quantity, 0);
    const first = subscription.items.data[0];
    const id = this.nextId('in');
    const invoice: StandInInvoice = {
      id,
      object: 'invoice',
      customer: subscription.customer,
      status,
      number: `STANDIN-${this.counter.toString().padStart(4, '0')}`,
      amount_due: amount,
      amount_paid: status === 'paid' ? amount : 0,
      currency: 'usd',
      hosted_invoice_url: `${this.url}/invoices/${id}`,
      period_start: first?.current_period_start ?? subscription.created,
      period_end: first?.current_period_end ?? subscription.created,
      created: Math.floor(Date.now() / 1000),
      parent: { type: 'subscription_details', subscription_details: { subscription: subscriptionId, metadata: subscription.metadata } },
    };
    this.invoices.set(id, invoice);
    return invoice;
  }

  requireSubscription(id: string): StandInSubscription {
    const subscription = this.subscriptions.get(id);
    if (!subscription) throw new Error(`no subscription ${id} in the stand-in`);
    return subscription;
  }

  /** A Stripe event about `object`, signed as Stripe signs (optionally at another moment, for "late" events). */
  signEvent(type: string, object: object, options: { timestamp?: number; secret?: string } = {}): SignedEvent {
    const id = this.nextId('evt');
    const payload = JSON.stringify({
      id,
      object: 'event',
      api_version: '2026-10-28.endive',
      created: Math.floor(Date.now() / 1000),
      type,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object: structuredClone(object) },
    });
    const signature = this.signer.webhooks.generateTestHeaderString({
      payload,
      secret: options.secret ?? this.webhookSecret,
      ...(options.timestamp !== undefined ? { timestamp: options.timestamp } : {}),
    });
    return { id, payload, signature };
  }

  /** Delivers a signed event to the app, as Stripe's webhook sender does. */
  async deliver(event: SignedEvent, signature: string = event.signature): Promise<DeliveryResult> {
    if (!this.webhookUrl) throw new Error('set webhookUrl to the app’s /api/stripe/webhook first');
    const response = await fetch(this.webhookUrl, { method: 'POST', headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature }, body: event.payload });
    return { status: response.status, body: await response.text() };
  }

  /** Signs and delivers one event. */
  send(type: string, object: object): Promise<DeliveryResult> {
    return this.deliver(this.signEvent(type, object));
  }

  /**
   * What paying on the Checkout page does: the subscription and its first (paid) invoice are
   * created, and Stripe's events for them are delivered before the browser is sent back.
   */
  async completeCheckout(sessionId: string, options: { sendEvents?: boolean } = {}): Promise<{ session: StandInCheckoutSession; subscription: StandInSubscription; deliveries: DeliveryResult[] }> {
    const session = this.sessions.get(sessionId);
    if (!session) throw new Error(`no checkout session ${sessionId}`);
    const subscription = this.createSubscription({ customer: session.customer, prices: session.lineItems, metadata: session.subscriptionMetadata });
    session.status = 'complete';
    session.subscription = subscription.id;
    const invoice = this.createInvoice(subscription.id);
    // Stripe's events may come late: a test can pay without them and send them afterwards.
    if (options.sendEvents === false) return { session, subscription, deliveries: [] };
    const deliveries = [
      await this.send('customer.subscription.created', subscription),
      await this.send('checkout.session.completed', this.publicSession(session)),
      await this.send('invoice.paid', invoice),
    ];
    return { session, subscription, deliveries };
  }

  private item(price: string, quantity: number, start: number): StandInItem {
    return { id: this.nextId('si'), object: 'subscription_item', price: { id: price, object: 'price' }, quantity, current_period_start: start, current_period_end: start + 30 * DAY };
  }

  private publicSession(session: StandInCheckoutSession): Omit<StandInCheckoutSession, 'lineItems' | 'subscriptionMetadata'> {
    const { lineItems: _lineItems, subscriptionMetadata: _metadata, ...visible } = session;
    return visible;
  }

  // ---- the HTTP side ----

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    let raw = '';
    for await (const chunk of req) raw += (chunk as Buffer).toString();
    const url = new URL(req.url ?? '/', 'http://stand-in.test');
    const call: StandInCall = { method: req.method ?? '', path: url.pathname, query: url.searchParams, form: new URLSearchParams(raw), authorization: req.headers.authorization };

    const checkoutPage = /^\/checkout\/([\w]+)(\/pay)?$/.exec(call.path);
    if (checkoutPage) return this.checkoutPage(res, checkoutPage[1]!, call.method === 'POST' && checkoutPage[2] === '/pay');
    const portalPage = /^\/portal\/([\w]+)$/.exec(call.path);
    if (portalPage) return this.portalPage(res, portalPage[1]!);

    this.calls.push(call);
    const answer = this.answer(call);
    res.statusCode = answer.status;
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(answer.body));
  }

  /** The Checkout page: a Pay button; paying delivers the events, then goes back to success_url. */
  private async checkoutPage(res: ServerResponse, sessionId: string, pay: boolean): Promise<void> {
    const session = this.sessions.get(sessionId);
    if (!session) {
      res.statusCode = 404;
      res.end('No such checkout session');
      return;
    }
    if (pay) {
      if (session.status === 'open') await this.completeCheckout(sessionId);
      res.statusCode = 303;
      res.setHeader('location', session.success_url.replace('{CHECKOUT_SESSION_ID}', session.id));
      res.end();
      return;
    }
    res.setHeader('content-type', 'text/html; charset=utf-8');
    res.end(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Checkout (stand-in)</title></head>` +
        `<body><h1>Checkout (stand-in)</h1><p>${session.lineItems.map((line) => `${line.quantity} × ${line.price}`).join(', ')}</p>` +
        `<form method="post" action="/checkout/${session.id}/pay"><button type="submit">Pay</button></form>` +
        `<a href="${session.cancel_url}">Cancel</a></body></html>`,
    );
  }

  /** The billing portal: says whose it is and links back to where the app asked it to return. */
  private portalPage(res: ServerResponse, sessionId: string): void {
    const session = this.portalSessions.get(sessionId);
    if (!session) {
      res.statusCode = 404;
      res.end('No such portal session');
      return;
    }
    res.setHeader('content-type', 'text/html; charset=utf-8');
    res.end(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Billing portal (stand-in)</title></head>` +
        `<body><h1>Billing portal (stand-in)</h1><p>Customer ${session.customer}</p><a href="${session.returnUrl}">Return</a></body></html>`,
    );
  }

  private answer(call: StandInCall): { status: number; body: unknown } {
    const { method, path, form } = call;
    if (method === 'GET' && path === '/v1/customers') {
      const found = [...this.customers.values()].filter((customer) => customer.email === call.query.get('email'));
      return ok(list('/v1/customers', found.map((customer) => ({ object: 'customer', ...customer }))));
    }
    if (method === 'POST' && path === '/v1/customers') {
      const customer = { id: this.nextId('cus'), email: form.get('email') };
      this.customers.set(customer.id, customer);
      return ok({ object: 'customer', ...customer });
    }
    if (method === 'POST' && path === '/v1/billing_portal/sessions') {
      const id = this.nextId('bps');
      this.portalSessions.set(id, { customer: form.get('customer') ?? '', returnUrl: form.get('return_url') ?? '' });
      return ok({ id, object: 'billing_portal.session', customer: form.get('customer'), return_url: form.get('return_url'), url: `${this.url}/portal/${id}` });
    }
    if (method === 'POST' && path === '/v1/checkout/sessions') return ok(this.createSession(form));
    const checkoutSession = /^\/v1\/checkout\/sessions\/([\w]+)$/.exec(path);
    if (checkoutSession && method === 'GET') {
      const found = this.sessions.get(checkoutSession[1]!);
      return found ? ok(this.publicSession(found)) : missing('checkout.session', checkoutSession[1]!);
    }
    const subscription = /^\/v1\/subscriptions\/([\w]+)$/.exec(path);
    if (subscription) {
      const found = this.subscriptions.get(subscription[1]!);
      if (!found) return missing('subscription', subscription[1]!);
      if (method === 'POST') this.updateSubscription(found, form);
      return ok(found);
    }
    if (method === 'GET' && path === '/v1/invoices') {
      const found = [...this.invoices.values()].filter((invoice) => (!call.query.get('customer') || invoice.customer === call.query.get('customer')) && (!call.query.get('subscription') || invoice.parent.subscription_details.subscription === call.query.get('subscription')));
      return ok(list('/v1/invoices', found.reverse()));
    }
    const invoice = /^\/v1\/invoices\/([\w]+)$/.exec(path);
    if (invoice && method === 'GET') {
      const found = this.invoices.get(invoice[1]!);
      return found ? ok(found) : missing('invoice', invoice[1]!);
    }
    return { status: 404, body: { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path}) in the stand-in.` } } };
  }

  private createSession(form: URLSearchParams): StandInCheckoutSession {
    const lineItems: StandInCheckoutSession['lineItems'] = [];
    for (let index = 0; form.has(`line_items[${index}][price]`); index += 1) {
      lineItems.push({ price: form.get(`line_items[${index}][price]`)!, quantity: Number(form.get(`line_items[${index}][quantity]`) ?? '1') });
    }
    const id = this.nextId('cs');
    const session: StandInCheckoutSession = {
      id,
      object: 'checkout.session',
      mode: 'subscription',
      customer: form.get('customer') ?? '',
      url: `${this.url}/checkout/${id}`,
      success_url: form.get('success_url') ?? '',
      cancel_url: form.get('cancel_url') ?? '',
      status: 'open',
      subscription: null,
      metadata: bracketed(form, 'metadata'),
      client_reference_id: form.get('client_reference_id'),
      lineItems,
      subscriptionMetadata: bracketed(form, 'subscription_data[metadata]'),
    };
    this.sessions.set(id, session);
    return session;
  }

  /** items[n][id] with quantity or deleted, or items[n][price] for a new item; cancel_at_period_end. */
  private updateSubscription(subscription: StandInSubscription, form: URLSearchParams): void {
    for (let index = 0; form.has(`items[${index}][id]`) || form.has(`items[${index}][price]`); index += 1) {
      const itemId = form.get(`items[${index}][id]`);
      const quantity = Number(form.get(`items[${index}][quantity]`) ?? '1');
      if (itemId) {
        const item = subscription.items.data.find((candidate) => candidate.id === itemId);
        if (!item) continue;
        if (form.get(`items[${index}][deleted]`) === 'true') subscription.items.data = subscription.items.data.filter((candidate) => candidate.id !== itemId);
        else item.quantity = quantity;
      } else {
        subscription.items.data.push(this.item(form.get(`items[${index}][price]`)!, quantity, subscription.items.data[0]?.current_period_start ?? subscription.created));
      }
    }
    if (form.has('cancel_at_period_end')) subscription.cancel_at_period_end = form.get('cancel_at_period_end') === 'true';
  }
}

function ok(body: unknown): { status: number; body: unknown } {
  return { status: 200, body };
}

function missing(kind: string, id: string): { status: number; body: unknown } {
  return { status: 404, body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${kind}: '${id}'` } } };
}

function list(url: string, data: unknown[]): unknown {
  return { object: 'list', url, has_more: false, data };
}

/** `metadata[key]=value` form fields (Stripe's encoding of a map) back into the map. */
function bracketed(form: URLSearchParams, prefix: string): Record<string, string> {
  const map: Record<string, string> = {};
  for (const [key, value] of form) {
    if (key.startsWith(`${prefix}[`) && key.endsWith(']')) {
      const name = key.slice(prefix.length + 1, -1);
      if (!name.includes('[')) map[name] = value;
    }
  }
  return map;
}
