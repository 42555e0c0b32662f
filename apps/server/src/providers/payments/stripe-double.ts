import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/**
 * A small stand-in for Stripe's API (v1, form-encoded) on 127.0.0.1, for the tests of
 * StripePaymentsProvider: the real SDK talks to it over HTTP (host/port/protocol 'http'), so what
 * the adapter sends is what Stripe would receive. It records every request (method, path, the
 * form body decoded to its bracket keys, the Idempotency-Key, Stripe-Account, Authorization,
 * Stripe-Version and User-Agent headers) and answers with objects shaped as Stripe documents them (account,
 * account_link, login_link, product, price, checkout.session, payment_intent, charge, refund) and
 * errors as `{ error: { type, code, message, param } }` with Stripe's HTTP statuses. It keeps what
 * it made, replays an idempotency key's first answer as Stripe does, and refuses a wrong secret key.
 * Objects are shaped as the pinned API version answers them (e.g. ui_mode `hosted_page` and
 * `embedded_page`, the names since 2026-03-25.dahlia).
 *
 * It is a double, not a simulator: no payments happen on their own (a test completes a session
 * with completeCheckoutSession), and only the endpoints planns uses exist.
 */

export interface RecordedRequest {
  method: string;
  /** The path without its query, e.g. /v1/accounts/acct_123/login_links. */
  path: string;
  query: Record<string, string>;
  /** The form body as sent: bracket keys to values, e.g. { 'line_items[0][price]': 'price_1' }. */
  form: Record<string, string>;
  contentType: string | null;
  idempotencyKey: string | null;
  stripeAccount: string | null;
  authorization: string | null;
  stripeVersion: string | null;
  userAgent: string | null;
}

/** An error answer to give instead of the next request's normal one. */
export interface StripeErrorAnswer {
  status: number;
  type: 'api_error' | 'card_error' | 'idempotency_error' | 'invalid_request_error' | 'rate_limit_error';
  code?: string;
  message: string;
  param?: string;
}

type StripeObject = Record<string, unknown> & { id: string; object: string };

interface Answer {
  status: number;
  body: unknown;
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
function randomId(prefix: string, length = 24): string {
  let out = prefix;
  for (const byte of crypto.randomBytes(length)) out += ALPHABET[byte % 62];
  return out;
}

const now = (): number => Math.floor(Date.now() / 1000);

function stripeError(status: number, type: StripeErrorAnswer['type'], message: string, extra: { code?: string; param?: string } = {}): Answer {
  return {
    status,
    body: {
      error: {
        type,
        message,
        ...(extra.code ? { code: extra.code, doc_url: `https://stripe.com/docs/error-codes/${extra.code.replace(/_/g, '-')}` } : {}),
        ...(extra.param ? { param: extra.param } : {}),
        request_log_url: 'https://dashboard.stripe.com/test/logs/req_double',
      },
    },
  };
}

function noSuch(object: string, id: string, status: number, param?: string): Answer {
  return stripeError(status, 'invalid_request_error', `No such ${object}: '${id}'`, { code: 'resource_missing', ...(param ? { param } : {}) });
}

/** Decodes Stripe's bracket keys into nested objects, arrays for numeric indexes. */
export function nestForm(form: Record<string, string>): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(form)) {
    const parts = key.replace(/\]/g, '').split('[');
    let node: Record<string, unknown> | unknown[] = root;
    parts.forEach((part, i) => {
      const last = i === parts.length - 1;
      const container = node as Record<string, unknown>;
      if (last) {
        container[part] = value;
        return;
      }
      const nextIsIndex = /^\d+$/.test(parts[i + 1]!);
      container[part] ??= nextIsIndex ? [] : {};
      node = container[part] as Record<string, unknown> | unknown[];
    });
  }
  return root;
}

export class StripeDouble {
  readonly requests: RecordedRequest[] = [];
  /** The secret key the double accepts; any other Bearer token is answered 401. */
  readonly secretKey: string;
  private readonly server: http.Server;
  private readonly objects = new Map<string, StripeObject>();
  /** What a session was asked to put on its payment intent (Stripe makes the intent when the buyer pays). */
  private readonly sessionPaymentData = new Map<string, { destination: string | null; applicationFeeAmount: number | null; metadata: Record<string, string> }>();
  private readonly idempotency = new Map<string, { fingerprint: string; answer: Answer }>();
  private readonly failures: StripeErrorAnswer[] = [];
  private readonly sockets = new Set<Socket>();
  private listeningPort: number | null = null;
  /** The status the next refunds are made with (Stripe answers pending or requires_action for some payment methods). */
  refundStatus: string | null = 'succeeded';

  constructor(options: { secretKey: string }) {
    this.secretKey = options.secretKey;
    this.server = http.createServer((req, res) => {
      this.handle(req, res).catch((err: unknown) => {
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { type: 'api_error', message: `The Stripe double failed: ${String(err)}` } }));
      });
    });
    this.server.on('connection', (socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
  }

  async start(): Promise<void> {
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(0, '127.0.0.1', () => {
        this.listeningPort = (this.server.address() as AddressInfo).port;
        resolve();
      });
    });
  }

  /** Stops listening and drops kept-alive connections: later requests find nothing there. */
  async stop(): Promise<void> {
    if (!this.server.listening) return;
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    for (const socket of this.sockets) socket.destroy();
    await closed;
  }

  /** The port it listens on (still known after stop, so a test can call where nothing answers). */
  get port(): number {
    if (this.listeningPort === null) throw new Error('The Stripe double has not been started');
    return this.listeningPort;
  }

  /** What StripePaymentsProvider needs to talk to the double instead of api.stripe.com. */
  get connection(): { host: string; port: number; protocol: 'http' } {
    return { host: '127.0.0.1', port: this.port, protocol: 'http' };
  }

  /** Answers the next request (whatever it is) with this error instead. */
  failNext(answer: StripeErrorAnswer): void {
    this.failures.push(answer);
  }

  /** Stores an object as if Stripe had it (an onboarded account, a paid session...). */
  put<T extends StripeObject>(object: T): T {
    this.objects.set(object.id, structuredClone(object));
    return object;
  }

  get<T extends StripeObject = StripeObject>(id: string): T | undefined {
    return this.objects.get(id) as T | undefined;
  }

  lastRequest(): RecordedRequest {
    const last = this.requests.at(-1);
    if (!last) throw new Error('The Stripe double has had no request');
    return last;
  }

  /**
   * What Stripe does when the buyer pays an open session: a succeeded payment intent (with the
   * session's payment_intent_data: transfer to the destination, application fee, metadata) and its
   * charge (receipt_url, the transfer and application fee of a destination charge), and the session
   * complete and paid. Answers the payment intent's id.
   */
  completeCheckoutSession(sessionId: string): string {
    const session = this.objects.get(sessionId);
    if (session?.object !== 'checkout.session' || session.status !== 'open') throw new Error(`No open checkout session ${sessionId} in the Stripe double`);
    const data = this.sessionPaymentData.get(sessionId) ?? { destination: null, applicationFeeAmount: null, metadata: {} };
    const amount = session.amount_total as number;
    const currency = session.currency as string;
    const created = now();
    const intentId = randomId('pi_3', 24);
    const chargeId = randomId('ch_3', 24);
    this.objects.set(
      chargeId,
      stripeCharge({
        id: chargeId,
        amount,
        amount_captured: amount,
        currency,
        created,
        payment_intent: intentId,
        metadata: { ...data.metadata },
        application_fee: data.destination && data.applicationFeeAmount ? randomId('fee_1', 24) : null,
        application_fee_amount: data.destination ? data.applicationFeeAmount : null,
        transfer: data.destination ? randomId('tr_3', 24) : null,
        transfer_data: data.destination ? { amount: null, destination: data.destination } : null,
        destination: data.destination,
      }),
    );
    this.objects.set(
      intentId,
      stripePaymentIntent({
        id: intentId,
        amount,
        amount_received: amount,
        currency,
        created,
        metadata: { ...data.metadata },
        latest_charge: chargeId,
        application_fee_amount: data.destination ? data.applicationFeeAmount : null,
        transfer_data: data.destination ? { destination: data.destination } : null,
      }),
    );
    Object.assign(session, { status: 'complete', payment_status: 'paid', payment_intent: intentId, url: null });
    return intentId;
  }

  /* ------------------------------------------------------------------ HTTP */

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const form: Record<string, string> = {};
    const repeated: string[] = [];
    for (const [key, value] of new URLSearchParams(Buffer.concat(chunks).toString('utf8'))) {
      if (key in form) repeated.push(key);
      form[key] = value;
    }
    const header = (name: string): string | null => {
      const value = req.headers[name];
      return typeof value === 'string' ? value : null;
    };
    const request: RecordedRequest = {
      method: req.method ?? 'GET',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      form,
      contentType: header('content-type'),
      idempotencyKey: header('idempotency-key'),
      stripeAccount: header('stripe-account'),
      authorization: header('authorization'),
      stripeVersion: header('stripe-version'),
      userAgent: header('user-agent'),
    };
    this.requests.push(request);

    const answer = repeated.length > 0 ? stripeError(400, 'invalid_request_error', `Received repeated parameters: ${repeated.join(', ')}`) : this.answer(request);
    res.writeHead(answer.status, {
      'content-type': 'application/json',
      'request-id': randomId('req_', 14),
      ...(request.stripeVersion ? { 'stripe-version': request.stripeVersion } : {}),
      ...(request.idempotencyKey ? { 'idempotency-key': request.idempotencyKey } : {}),
    });
    res.end(JSON.stringify(answer.body));
  }

  private answer(request: RecordedRequest): Answer {
    if (request.authorization !== `Bearer ${this.secretKey}`) {
      const given = request.authorization?.replace(/^Bearer /, '') ?? '';
      // Stripe masks most of the key it echoes; the double echoes it whole, the worst case, so the
      // tests show the adapter never lets a key through in a message.
      return stripeError(401, 'invalid_request_error', `Invalid API Key provided: ${given}`);
    }
    const failure = this.failures.shift();
    if (failure) return stripeError(failure.status, failure.type, failure.message, { ...(failure.code ? { code: failure.code } : {}), ...(failure.param ? { param: failure.param } : {}) });

    if (request.method === 'POST' && request.idempotencyKey) {
      const key = `${request.path} ${request.idempotencyKey}`;
      const fingerprint = JSON.stringify(request.form);
      const seen = this.idempotency.get(key);
      if (seen) {
        if (seen.fingerprint !== fingerprint) {
          return stripeError(
            400,
            'idempotency_error',
            `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${request.idempotencyKey}' if you meant to execute a different request.`,
          );
        }
        return seen.answer;
      }
      const answer = this.route(request);
      if (answer.status < 500) this.idempotency.set(key, { fingerprint, answer });
      return answer;
    }
    return this.route(request);
  }

  private route(request: RecordedRequest): Answer {
    const body = nestForm(request.form);
    const { method, path } = request;
    let m: RegExpExecArray | null;
    if (method === 'POST' && path === '/v1/accounts') return this.createAccount(body);
    if (method === 'GET' && (m = /^\/v1\/accounts\/([^/]+)$/.exec(path))) return this.retrieve(decodeURIComponent(m[1]!), 'account');
    if (method === 'POST' && (m = /^\/v1\/accounts\/([^/]+)\/login_links$/.exec(path))) return this.createLoginLink(decodeURIComponent(m[1]!));
    if (method === 'POST' && path === '/v1/account_links') return this.createAccountLink(body);
    if (method === 'POST' && path === '/v1/products') return this.createProduct(body);
    if (method === 'POST' && path === '/v1/prices') return this.createPrice(body);
    if (method === 'POST' && path === '/v1/checkout/sessions') return this.createCheckoutSession(body);
    if (method === 'GET' && (m = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path))) return this.retrieve(decodeURIComponent(m[1]!), 'checkout.session');
    if (method === 'POST' && (m = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(path))) return this.expireCheckoutSession(decodeURIComponent(m[1]!));
    if (method === 'GET' && (m = /^\/v1\/payment_intents\/([^/]+)$/.exec(path))) return this.retrievePaymentIntent(decodeURIComponent(m[1]!), request.query);
    if (method === 'POST' && path === '/v1/refunds') return this.createRefund(body);
    return stripeError(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`);
  }

  private retrieve(id: string, object: string): Answer {
    const found = this.objects.get(id);
    if (!found || found.object !== object) return noSuch(object, id, 404, 'id');
    return { status: 200, body: found };
  }

  private store<T extends StripeObject>(object: T): Answer {
    this.objects.set(object.id, object);
    return { status: 200, body: object };
  }

  /* ------------------------------------------------------------------ objects */

  private createAccount(body: Record<string, unknown>): Answer {
    const id = randomId('acct_1', 15);
    const created = now();
    const controller = (body.controller ?? {}) as { fees?: { payer?: string }; losses?: { payments?: string }; stripe_dashboard?: { type?: string } };
    const capabilities = (body.capabilities ?? {}) as Record<string, { requested?: string }>;
    return this.store(
      stripeAccount({
        id,
        created,
        email: typeof body.email === 'string' ? body.email : null,
        metadata: (body.metadata ?? {}) as Record<string, string>,
        capabilities: Object.fromEntries(Object.entries(capabilities).filter(([, c]) => c.requested === 'true').map(([name]) => [name, 'inactive'])),
        controller: {
          fees: { payer: controller.fees?.payer ?? 'account' },
          is_controller: true,
          losses: { payments: controller.losses?.payments ?? 'stripe' },
          requirement_collection: 'stripe',
          stripe_dashboard: { type: controller.stripe_dashboard?.type ?? 'full' },
          type: 'application',
        },
      }),
    );
  }

  private createAccountLink(body: Record<string, unknown>): Answer {
    const account = String(body.account ?? '');
    if (!this.objects.has(account)) return noSuch('account', account, 400, 'account');
    const created = now();
    return { status: 200, body: { object: 'account_link', created, expires_at: created + 300, url: `https://connect.stripe.com/setup/e/${account}/${randomId('', 12)}` } };
  }

  private createLoginLink(account: string): Answer {
    if (!this.objects.has(account)) return noSuch('account', account, 404, 'account');
    return { status: 200, body: { object: 'login_link', created: now(), url: `https://connect.stripe.com/express/${randomId('', 12)}` } };
  }

  private createProduct(body: Record<string, unknown>): Answer {
    const created = now();
    return this.store({
      id: randomId('prod_', 14),
      object: 'product',
      active: true,
      created,
      default_price: null,
      description: null,
      images: [],
      livemode: false,
      marketing_features: [],
      metadata: (body.metadata ?? {}) as Record<string, string>,
      name: String(body.name ?? ''),
      package_dimensions: null,
      shippable: null,
      statement_descriptor: null,
      tax_code: null,
      type: 'service',
      unit_label: null,
      updated: created,
      url: null,
    });
  }

  private createPrice(body: Record<string, unknown>): Answer {
    const product = String(body.product ?? '');
    if (this.objects.get(product)?.object !== 'product') return noSuch('product', product, 400, 'product');
    const unitAmount = String(body.unit_amount ?? '');
    if (!/^\d+$/.test(unitAmount)) return stripeError(400, 'invalid_request_error', `Invalid integer: ${unitAmount}`, { code: 'parameter_invalid_integer', param: 'unit_amount' });
    return this.store({
      id: randomId('price_1', 23),
      object: 'price',
      active: true,
      billing_scheme: 'per_unit',
      created: now(),
      currency: String(body.currency ?? ''),
      custom_unit_amount: null,
      livemode: false,
      lookup_key: null,
      metadata: (body.metadata ?? {}) as Record<string, string>,
      nickname: typeof body.nickname === 'string' ? body.nickname : null,
      product,
      recurring: null,
      tax_behavior: 'unspecified',
      tiers_mode: null,
      transform_quantity: null,
      type: 'one_time',
      unit_amount: Number(unitAmount),
      unit_amount_decimal: unitAmount,
    });
  }

  private createCheckoutSession(body: Record<string, unknown>): Answer {
    const items = (body.line_items ?? []) as { price?: string; quantity?: string; price_data?: { currency?: string; unit_amount?: string; product_data?: { name?: string } } }[];
    if (items.length === 0) return stripeError(400, 'invalid_request_error', 'You must provide at least one line item.', { code: 'parameter_missing', param: 'line_items' });
    let currency: string | null = null;
    let total = 0;
    for (const [i, item] of items.entries()) {
      let unitAmount: number;
      let itemCurrency: string;
      if (item.price) {
        const price = this.objects.get(item.price);
        if (price?.object !== 'price') return noSuch('price', item.price, 400, `line_items[${i}][price]`);
        unitAmount = price.unit_amount as number;
        itemCurrency = price.currency as string;
      } else if (item.price_data) {
        unitAmount = Number(item.price_data.unit_amount);
        itemCurrency = String(item.price_data.currency);
      } else {
        return stripeError(400, 'invalid_request_error', 'You must specify either `price` or `price_data` for each line item.', { code: 'parameter_missing', param: `line_items[${i}]` });
      }
      if (currency !== null && currency !== itemCurrency) {
        return stripeError(400, 'invalid_request_error', 'All prices on a Checkout Session must use the same currency.', { code: 'parameter_invalid', param: `line_items[${i}]` });
      }
      currency = itemCurrency;
      total += unitAmount * Number(item.quantity ?? 1);
    }
    const uiMode = body.ui_mode === undefined ? 'hosted_page' : String(body.ui_mode);
    // The values of the pinned API version; `hosted`, `embedded` and `custom` were removed in 2026-03-25.dahlia.
    if (!['hosted_page', 'embedded_page', 'elements', 'form'].includes(uiMode)) {
      return stripeError(400, 'invalid_request_error', `Invalid ui_mode: must be one of hosted_page, embedded_page, elements, or form`, { param: 'ui_mode' });
    }
    const embedded = uiMode === 'embedded_page';
    if (embedded) {
      for (const param of ['success_url', 'cancel_url'] as const) {
        if (body[param] !== undefined) return stripeError(400, 'invalid_request_error', `You cannot set \`${param}\` when \`ui_mode\` is \`embedded_page\`.`, { param });
      }
      if (typeof body.return_url !== 'string') return stripeError(400, 'invalid_request_error', 'You must provide `return_url` when `ui_mode` is `embedded_page`.', { code: 'parameter_missing', param: 'return_url' });
    } else if (body.return_url !== undefined) {
      return stripeError(400, 'invalid_request_error', `You cannot set \`return_url\` when \`ui_mode\` is \`${uiMode}\`.`, { param: 'return_url' });
    }
    const created = now();
    if (body.expires_at !== undefined) {
      const expiresAt = Number(body.expires_at);
      // Stripe: 30 minutes to 24 hours after the session is made.
      if (!Number.isInteger(expiresAt) || expiresAt < created + 30 * 60 || expiresAt > created + 24 * 60 * 60) {
        return stripeError(400, 'invalid_request_error', 'The `expires_at` timestamp must be between 30 minutes and 24 hours from Checkout Session creation.', { param: 'expires_at' });
      }
    }
    const pid = (body.payment_intent_data ?? {}) as { application_fee_amount?: string; transfer_data?: { destination?: string }; metadata?: Record<string, string> };
    const destination = pid.transfer_data?.destination;
    if (destination && this.objects.get(destination)?.object !== 'account') return noSuch('account', destination, 400, 'payment_intent_data[transfer_data][destination]');
    if (pid.application_fee_amount !== undefined && Number(pid.application_fee_amount) > total) {
      return stripeError(400, 'invalid_request_error', 'The application fee amount cannot exceed the amount of the payment.', { code: 'parameter_invalid', param: 'payment_intent_data[application_fee_amount]' });
    }
    const id = randomId('cs_test_a1', 56);
    this.sessionPaymentData.set(id, {
      destination: destination ?? null,
      applicationFeeAmount: pid.application_fee_amount !== undefined ? Number(pid.application_fee_amount) : null,
      metadata: pid.metadata ?? {},
    });
    return this.store(
      stripeCheckoutSession({
        id,
        created,
        amount_subtotal: total,
        amount_total: total,
        currency,
        cancel_url: typeof body.cancel_url === 'string' ? body.cancel_url : null,
        success_url: typeof body.success_url === 'string' ? body.success_url : null,
        customer_email: typeof body.customer_email === 'string' ? body.customer_email : null,
        expires_at: body.expires_at !== undefined ? Number(body.expires_at) : created + 24 * 60 * 60,
        metadata: (body.metadata ?? {}) as Record<string, string>,
        ui_mode: uiMode,
        ...(embedded
          ? {
              // An embedded session has no page of its own: the form needs the client secret.
              url: null,
              client_secret: `${id}_secret_${randomId('', 24)}`,
              return_url: body.return_url,
              redirect_on_completion: 'always',
            }
          : {}),
      }),
    );
  }

  private expireCheckoutSession(id: string): Answer {
    const session = this.objects.get(id);
    if (session?.object !== 'checkout.session') return noSuch('checkout.session', id, 404, 'session');
    if (session.status !== 'open') {
      // Stripe's answer carries no error code, only this message (as seen in Stripe's live answers).
      return stripeError(400, 'invalid_request_error', `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of \`${String(session.status)}\`.`);
    }
    Object.assign(session, { status: 'expired', url: null });
    return { status: 200, body: session };
  }

  private retrievePaymentIntent(id: string, query: Record<string, string>): Answer {
    const intent = this.objects.get(id);
    if (intent?.object !== 'payment_intent') return noSuch('payment_intent', id, 404, 'intent');
    const expand = Object.entries(query).filter(([key]) => key === 'expand' || key.startsWith('expand[')).map(([, value]) => value);
    const body: Record<string, unknown> = structuredClone(intent);
    if (expand.includes('latest_charge') && typeof intent.latest_charge === 'string') body.latest_charge = this.objects.get(intent.latest_charge) ?? null;
    return { status: 200, body };
  }

  private createRefund(body: Record<string, unknown>): Answer {
    if (body.charge !== undefined) return stripeError(400, 'invalid_request_error', 'The Stripe double refunds by payment_intent only.', { param: 'charge' });
    const intentId = String(body.payment_intent ?? '');
    if (!intentId) return stripeError(400, 'invalid_request_error', 'Missing required param: payment_intent.', { code: 'parameter_missing', param: 'payment_intent' });
    const intent = this.objects.get(intentId);
    if (intent?.object !== 'payment_intent') return noSuch('payment_intent', intentId, 400, 'payment_intent');
    const charge = typeof intent.latest_charge === 'string' ? this.objects.get(intent.latest_charge) : undefined;
    if (intent.status !== 'succeeded' || charge?.object !== 'charge') {
      return stripeError(400, 'invalid_request_error', `This PaymentIntent (${intentId}) does not have a successful charge to refund.`, { param: 'payment_intent' });
    }
    const destination = intent.transfer_data !== null && intent.transfer_data !== undefined;
    // Stripe refuses the Connect flags on a charge that has no transfer or no application fee of
    // the platform's (the wording is the double's; Stripe does not document these messages).
    if (body.reverse_transfer === 'true' && !destination) {
      return stripeError(400, 'invalid_request_error', 'reverse_transfer can only be used with destination charges.', { param: 'reverse_transfer' });
    }
    if (body.refund_application_fee === 'true' && !charge.application_fee) {
      return stripeError(400, 'invalid_request_error', 'refund_application_fee can only be used by the Connect application that created the charge.', { param: 'refund_application_fee' });
    }
    const captured = charge.amount_captured as number;
    const refunded = charge.amount_refunded as number;
    if (refunded >= captured) return stripeError(400, 'invalid_request_error', `Charge ${charge.id} has already been refunded.`, { code: 'charge_already_refunded' });
    const amount = body.amount === undefined ? captured - refunded : Number(body.amount);
    if (!Number.isInteger(amount) || amount <= 0) return stripeError(400, 'invalid_request_error', `Invalid positive integer`, { code: 'parameter_invalid_integer', param: 'amount' });
    if (amount > captured - refunded) {
      return stripeError(400, 'invalid_request_error', `Refund amount (${amount}) is greater than unrefunded amount on charge (${captured - refunded})`, { param: 'amount' });
    }
    Object.assign(charge, { amount_refunded: refunded + amount, refunded: refunded + amount === captured });
    return this.store({
      id: randomId('re_3', 24),
      object: 'refund',
      amount,
      balance_transaction: randomId('txn_3', 24),
      charge: charge.id,
      created: now(),
      currency: charge.currency,
      destination_details: { card: { reference_status: 'pending', reference_type: 'acquirer_reference_number', type: 'refund' }, type: 'card' },
      metadata: (body.metadata ?? {}) as Record<string, string>,
      payment_intent: intentId,
      payment_method: charge.payment_method ?? null,
      reason: typeof body.reason === 'string' ? body.reason : null,
      receipt_number: null,
      source_transfer_reversal: null,
      status: this.refundStatus,
      transfer_reversal: body.reverse_transfer === 'true' ? randomId('trr_1', 24) : null,
    });
  }
}

/** An Account as Stripe answers it for an Express account just made (tests override fields). */
export function stripeAccount(fields: Partial<StripeObject> & { id: string }): StripeObject {
  const created = now();
  return {
    object: 'account',
    business_profile: { mcc: null, name: null, product_description: null, support_address: null, support_email: null, support_phone: null, support_url: null, url: null },
    business_type: null,
    capabilities: {},
    charges_enabled: false,
    controller: {
      fees: { payer: 'application' },
      is_controller: true,
      losses: { payments: 'application' },
      requirement_collection: 'stripe',
      stripe_dashboard: { type: 'express' },
      type: 'application',
    },
    country: 'US',
    created,
    default_currency: 'usd',
    details_submitted: false,
    email: null,
    external_accounts: { object: 'list', data: [], has_more: false, total_count: 0, url: `/v1/accounts/${fields.id}/external_accounts` },
    future_requirements: { alternatives: [], current_deadline: null, currently_due: [], disabled_reason: null, errors: [], eventually_due: [], past_due: [], pending_verification: [] },
    login_links: { object: 'list', data: [], has_more: false, total_count: 0, url: `/v1/accounts/${fields.id}/login_links` },
    metadata: {},
    payouts_enabled: false,
    requirements: {
      alternatives: [],
      current_deadline: null,
      currently_due: ['business_profile.url', 'business_type', 'external_account', 'representative.first_name', 'tos_acceptance.date', 'tos_acceptance.ip'],
      disabled_reason: 'requirements.past_due',
      errors: [],
      eventually_due: ['business_profile.url', 'business_type', 'external_account', 'representative.first_name', 'tos_acceptance.date', 'tos_acceptance.ip'],
      past_due: ['business_profile.url', 'business_type', 'external_account', 'tos_acceptance.date', 'tos_acceptance.ip'],
      pending_verification: [],
    },
    settings: {
      payouts: { debit_negative_balances: true, schedule: { delay_days: 2, interval: 'daily' }, statement_descriptor: null },
    },
    tos_acceptance: { date: null, ip: null, user_agent: null },
    type: 'express',
    ...fields,
  };
}

/** A Checkout Session as Stripe answers it for a new hosted payment session (tests override fields). */
export function stripeCheckoutSession(fields: Partial<StripeObject> & { id: string }): StripeObject {
  const created = now();
  return {
    object: 'checkout.session',
    adaptive_pricing: { enabled: false },
    after_expiration: null,
    allow_promotion_codes: null,
    amount_subtotal: 0,
    amount_total: 0,
    automatic_tax: { enabled: false, liability: null, status: null },
    billing_address_collection: null,
    cancel_url: null,
    client_reference_id: null,
    client_secret: null,
    consent: null,
    consent_collection: null,
    created,
    currency: 'usd',
    custom_fields: [],
    custom_text: { after_submit: null, shipping_address: null, submit: null, terms_of_service_acceptance: null },
    customer: null,
    customer_creation: 'if_required',
    customer_details: null,
    customer_email: null,
    expires_at: created + 24 * 60 * 60,
    invoice: null,
    invoice_creation: { enabled: false, invoice_data: { account_tax_ids: null, custom_fields: null, description: null, footer: null, issuer: null, metadata: {}, rendering_options: null } },
    livemode: false,
    locale: null,
    metadata: {},
    mode: 'payment',
    payment_intent: null,
    payment_link: null,
    payment_method_collection: 'if_required',
    payment_method_options: { card: { request_three_d_secure: 'automatic' } },
    payment_method_types: ['card'],
    payment_status: 'unpaid',
    phone_number_collection: { enabled: false },
    recovered_from: null,
    saved_payment_method_options: null,
    setup_intent: null,
    shipping_address_collection: null,
    shipping_cost: null,
    shipping_options: [],
    status: 'open',
    submit_type: null,
    subscription: null,
    success_url: null,
    total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
    ui_mode: 'hosted_page',
    url: `https://checkout.stripe.com/c/pay/${fields.id}#fidkdWxOYHwnPyd1blpxYHZxWjA0`,
    ...fields,
  };
}

/** A PaymentIntent as Stripe answers it once a card payment succeeded (tests override fields). */
export function stripePaymentIntent(fields: Partial<StripeObject> & { id: string }): StripeObject {
  const created = now();
  return {
    object: 'payment_intent',
    amount: 0,
    amount_capturable: 0,
    amount_details: { tip: {} },
    amount_received: 0,
    application: null,
    application_fee_amount: null,
    automatic_payment_methods: null,
    canceled_at: null,
    cancellation_reason: null,
    capture_method: 'automatic_async',
    client_secret: `${fields.id}_secret_${randomId('', 24)}`,
    confirmation_method: 'automatic',
    created,
    currency: 'usd',
    customer: null,
    description: null,
    last_payment_error: null,
    latest_charge: null,
    livemode: false,
    metadata: {},
    next_action: null,
    on_behalf_of: null,
    payment_method: 'pm_1PlannsDoubleCard',
    payment_method_options: { card: { installments: null, mandate_options: null, network: null, request_three_d_secure: 'automatic' } },
    payment_method_types: ['card'],
    processing: null,
    receipt_email: null,
    review: null,
    setup_future_usage: null,
    shipping: null,
    source: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    status: 'succeeded',
    transfer_data: null,
    transfer_group: null,
    ...fields,
  };
}

/** A Charge as Stripe answers it for a succeeded card payment (tests override fields). */
export function stripeCharge(fields: Partial<StripeObject> & { id: string }): StripeObject {
  const created = now();
  return {
    object: 'charge',
    amount: 0,
    amount_captured: 0,
    amount_refunded: 0,
    application: null,
    application_fee: null,
    application_fee_amount: null,
    balance_transaction: randomId('txn_3', 24),
    billing_details: { address: { city: null, country: null, line1: null, line2: null, postal_code: null, state: null }, email: null, name: null, phone: null },
    calculated_statement_descriptor: 'PLANNS',
    captured: true,
    created,
    currency: 'usd',
    customer: null,
    description: null,
    destination: null,
    dispute: null,
    disputed: false,
    failure_balance_transaction: null,
    failure_code: null,
    failure_message: null,
    fraud_details: {},
    livemode: false,
    metadata: {},
    on_behalf_of: null,
    outcome: { network_status: 'approved_by_network', reason: null, risk_level: 'normal', risk_score: 32, seller_message: 'Payment complete.', type: 'authorized' },
    paid: true,
    payment_intent: null,
    payment_method: 'pm_1PlannsDoubleCard',
    payment_method_details: { card: { brand: 'visa', country: 'US', exp_month: 12, exp_year: 2034, funding: 'credit', last4: '4242', network: 'visa' }, type: 'card' },
    receipt_email: null,
    receipt_number: null,
    receipt_url: `https://pay.stripe.com/receipts/payment/${randomId('', 40)}`,
    refunded: false,
    review: null,
    shipping: null,
    source_transfer: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    status: 'succeeded',
    transfer: null,
    transfer_data: null,
    transfer_group: null,
    ...fields,
  };
}
