import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the fake received: method, path without query, and the form/query fields flattened (`items[0][price]`). */
export interface FakeStripeRequest {
  method: string;
  path: string;
  params: Record<string, string>;
  idempotencyKey: string | undefined;
}

/** A Stripe API error the fake answers instead of the real response (the body Stripe sends: `{ error: {...} }`). */
export interface FakeStripeError {
  status: number;
  type: string;
  message: string;
  code?: string;
  decline_code?: string;
  param?: string;
}

/** A card as the fake keeps it (a Stripe payment_method of type card). */
export interface FakeCard {
  id: string;
  customer: string | null;
  created: number;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
}

/** The card_declined error Stripe answers for a declined charge (HTTP 402). */
export const CARD_DECLINED: FakeStripeError = {
  status: 402,
  type: 'card_error',
  code: 'card_declined',
  decline_code: 'generic_decline',
  message: 'Your card was declined.',
};

/**
 * A small in-process stand-in for the Stripe API on 127.0.0.1 (random port), for offline
 * tests of payments/stripe.ts. It implements the endpoints the adapter calls (customers,
 * setup intents, payment methods, subscriptions, checkout and portal sessions, refunds) with
 * plausible JSON, keeps customers, cards and subscriptions in memory, replays the answer of a
 * POST whose Idempotency-Key it has seen (as Stripe does), records every request
 * (`requests`) and can be told to fail the next matching call (`failNext`).
 */
export class FakeStripe {
  readonly requests: FakeStripeRequest[] = [];
  readonly customers = new Map<string, { id: string; name: string; metadata: Record<string, string>; default_payment_method: string | null }>();
  readonly cards = new Map<string, FakeCard>();
  readonly subscriptions = new Map<
    string,
    { id: string; customer: string; status: string; price: string; itemId: string; default_payment_method: string | null; metadata: Record<string, string> }
  >();
  private failures: { method: string; path: RegExp; error: FakeStripeError }[] = [];
  /** Answers already given per Idempotency-Key (Stripe replays them for 24 h). */
  private replays = new Map<string, { status: number; body: string }>();
  private seq = 0;
  private server: Server;
  /** Base URL for STRIPE_API_URL, set by start(). */
  url = '';

  constructor() {
    this.server = createServer((req, res) => {
      this.handle(req, res).catch((err) => this.send(res, 500, { error: { type: 'api_error', message: String(err) } }));
    });
  }

  /** Listens on 127.0.0.1 on a free port and sets `url`. */
  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  /** Stops listening. */
  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  /** The next request of `method` whose path matches `path` answers `error` (once). */
  failNext(method: string, path: RegExp, error: FakeStripeError): void {
    this.failures.push({ method, path, error });
  }

  /** The recorded requests of `method` to paths matching `path`. */
  calls(method: string, path: RegExp): FakeStripeRequest[] {
    return this.requests.filter((r) => r.method === method && path.test(r.path));
  }

  /** A card attached to `customer`, as a confirmed SetupIntent would leave it. Newer cards get later `created` times. */
  addCard(customer: string, card: Partial<Omit<FakeCard, 'id' | 'customer' | 'created'>> = {}): FakeCard {
    const id = `pm_${this.next()}`;
    const c: FakeCard = { id, customer, created: 1_700_000_000 + this.seq, brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2040, ...card };
    this.cards.set(id, c);
    return c;
  }

  private next(): string {
    this.seq += 1;
    return `fake${String(this.seq).padStart(6, '0')}`;
  }

  private send(res: ServerResponse, status: number, body: unknown): void {
    const text = JSON.stringify(body);
    const key = (res as ServerResponse & { idempotencyKey?: string }).idempotencyKey;
    if (key && status < 500) this.replays.set(key, { status, body: text });
    res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${this.seq}` });
    res.end(text);
  }

  private missing(res: ServerResponse, what: string, id: string, param?: string): void {
    this.send(res, 404, {
      error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}: '${id}'`, ...(param ? { param } : {}) },
    });
  }

  private pm(c: FakeCard) {
    return {
      id: c.id,
      object: 'payment_method',
      type: 'card',
      customer: c.customer,
      created: c.created,
      livemode: false,
      card: { brand: c.brand, last4: c.last4, exp_month: c.exp_month, exp_year: c.exp_year, funding: 'credit', country: 'US' },
    };
  }

  private customer(id: string) {
    const c = this.customers.get(id)!;
    return {
      id,
      object: 'customer',
      name: c.name,
      metadata: c.metadata,
      invoice_settings: { default_payment_method: c.default_payment_method },
      livemode: false,
    };
  }

  private subscription(id: string) {
    const s = this.subscriptions.get(id)!;
    return {
      id,
      object: 'subscription',
      status: s.status,
      customer: s.customer,
      default_payment_method: s.default_payment_method,
      metadata: s.metadata,
      items: { object: 'list', data: [{ id: s.itemId, object: 'subscription_item', price: { id: s.price, object: 'price' } }], has_more: false },
      livemode: false,
    };
  }

  private metadataOf(params: Record<string, string>): Record<string, string> {
    const out: Record<string, string> = {};
    for (const [k, v] of Object.entries(params)) {
      const m = /^metadata\[(.+)\]$/.exec(k);
      if (m) out[m[1]] = v;
    }
    return out;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const u = new URL(req.url ?? '/', 'http://127.0.0.1');
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const raw = req.method === 'GET' || req.method === 'DELETE' ? u.searchParams.toString() : Buffer.concat(chunks).toString('utf8');
    const params = Object.fromEntries(new URLSearchParams(raw));
    const method = req.method ?? 'GET';
    const path = u.pathname;
    const key = req.headers['idempotency-key'];
    this.requests.push({ method, path, params, idempotencyKey: typeof key === 'string' ? key : undefined });
    if (method === 'POST' && typeof key === 'string') {
      const replay = this.replays.get(key);
      if (replay) {
        res.writeHead(replay.status, { 'content-type': 'application/json', 'idempotent-replayed': 'true' });
        return void res.end(replay.body);
      }
      (res as ServerResponse & { idempotencyKey?: string }).idempotencyKey = key;
    }

    const failure = this.failures.findIndex((f) => f.method === method && f.path.test(path));
    if (failure >= 0) {
      const [{ error }] = this.failures.splice(failure, 1);
      const { status, ...body } = error;
      return this.send(res, status, { error: body });
    }

    let m: RegExpExecArray | null;
    if (method === 'POST' && path === '/v1/customers') {
      const id = `cus_${this.next()}`;
      this.customers.set(id, { id, name: params.name ?? '', metadata: this.metadataOf(params), default_payment_method: null });
      return this.send(res, 200, this.customer(id));
    }
    if ((m = /^\/v1\/customers\/([^/]+)$/.exec(path))) {
      const id = decodeURIComponent(m[1]);
      const c = this.customers.get(id);
      if (!c) return this.missing(res, 'customer', id);
      if (method === 'POST' && 'invoice_settings[default_payment_method]' in params)
        c.default_payment_method = params['invoice_settings[default_payment_method]'] || null;
      return this.send(res, 200, this.customer(id));
    }
    if (method === 'POST' && path === '/v1/setup_intents') {
      const id = `seti_${this.next()}`;
      return this.send(res, 200, {
        id,
        object: 'setup_intent',
        client_secret: `${id}_secret_test`,
        customer: params.customer ?? null,
        usage: params.usage,
        status: 'requires_payment_method',
      });
    }
    if (method === 'GET' && path === '/v1/payment_methods') {
      const data = [...this.cards.values()]
        .filter((c) => c.customer === params.customer)
        .sort((a, b) => b.created - a.created)
        .map((c) => this.pm(c));
      return this.send(res, 200, { object: 'list', data, has_more: false, url: '/v1/payment_methods' });
    }
    if ((m = /^\/v1\/payment_methods\/([^/]+)(\/detach)?$/.exec(path))) {
      const id = decodeURIComponent(m[1]);
      const c = this.cards.get(id);
      if (!c) return this.missing(res, 'PaymentMethod', id, 'payment_method');
      if (method === 'POST' && m[2]) {
        c.customer = null;
        for (const cu of this.customers.values()) if (cu.default_payment_method === id) cu.default_payment_method = null;
      }
      return this.send(res, 200, this.pm(c));
    }
    if (method === 'POST' && path === '/v1/subscriptions') {
      const id = `sub_${this.next()}`;
      this.subscriptions.set(id, {
        id,
        customer: params.customer,
        status: 'active',
        price: params['items[0][price]'],
        itemId: `si_${this.next()}`,
        default_payment_method: params.default_payment_method ?? null,
        metadata: this.metadataOf(params),
      });
      return this.send(res, 200, this.subscription(id));
    }
    if ((m = /^\/v1\/subscriptions\/([^/]+)$/.exec(path))) {
      const id = decodeURIComponent(m[1]);
      const s = this.subscriptions.get(id);
      if (!s) return this.missing(res, 'subscription', id);
      if (method === 'POST') {
        if (params['items[0][price]']) s.price = params['items[0][price]'];
        if (params.default_payment_method) s.default_payment_method = params.default_payment_method;
        s.metadata = { ...s.metadata, ...this.metadataOf(params) };
      }
      return this.send(res, 200, this.subscription(id));
    }
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const id = `cs_test_${this.next()}`;
      return this.send(res, 200, {
        id,
        object: 'checkout.session',
        mode: params.mode,
        status: 'open',
        payment_status: 'unpaid',
        client_reference_id: params.client_reference_id ?? null,
        metadata: this.metadataOf(params),
        amount_total: Number(params['line_items[0][price_data][unit_amount]'] ?? 0),
        success_url: params.success_url,
        cancel_url: params.cancel_url,
        url: `https://checkout.stripe.test/c/pay/${id}`,
      });
    }
    if (method === 'POST' && path === '/v1/billing_portal/sessions') {
      const id = `bps_${this.next()}`;
      return this.send(res, 200, {
        id,
        object: 'billing_portal.session',
        customer: params.customer,
        return_url: params.return_url,
        url: `https://billing.stripe.test/p/session/${id}`,
      });
    }
    if (method === 'POST' && path === '/v1/refunds') {
      return this.send(res, 200, {
        id: `re_${this.next()}`,
        object: 'refund',
        amount: Number(params.amount),
        payment_intent: params.payment_intent,
        status: 'succeeded',
      });
    }
    this.send(res, 404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path})` } });
  }
}

/** Starts a FakeStripe; the caller closes it. */
export async function startFakeStripe(): Promise<FakeStripe> {
  return new FakeStripe().start();
}

/** createTestContext env that points the app's Stripe adapter at `fake` (keys are test placeholders). */
export function stripeEnv(fake: FakeStripe): Record<string, string> {
  return {
    STRIPE_SECRET_KEY: 'sk_test_x',
    STRIPE_WEBHOOK_SECRET: 'whsec_test',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_x',
    STRIPE_API_URL: fake.url,
  };
}
