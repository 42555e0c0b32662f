import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import type { AppDeps } from '../deps.ts';

/**
 * The origins the browser reaches the s3 store at: /media/ redirects there and direct uploads PUT
 * there. With an endpoint, the SDK addresses the bucket as a sub-domain of it unless path style.
 */
export function storageOrigins(config: Config): string[] {
  if (config.STORAGE_PROVIDER !== 's3' || !config.S3_BUCKET) return [];
  if (config.S3_ENDPOINT) {
    const endpoint = new URL(config.S3_ENDPOINT);
    return config.S3_FORCE_PATH_STYLE ? [endpoint.origin] : [endpoint.origin, `${endpoint.protocol}//${config.S3_BUCKET}.${endpoint.host}`];
  }
  return [`https://${config.S3_BUCKET}.s3.${config.S3_REGION}.amazonaws.com`, `https://s3.${config.S3_REGION}.amazonaws.com`];
}

/**
 * What Stripe's embedded Checkout needs from the page's CSP (Stripe's documented list), only with
 * PAYMENTS_PROVIDER=stripe: its script, its frames and the calls it makes.
 */
export function stripeOrigins(config: Config): { script: string[]; frame: string[]; connect: string[]; img: string[] } {
  if (config.PAYMENTS_PROVIDER !== 'stripe') return { script: [], frame: [], connect: [], img: [] };
  return {
    script: ['https://js.stripe.com'],
    frame: ['https://js.stripe.com', 'https://checkout.stripe.com', 'https://hooks.stripe.com'],
    connect: ['https://api.stripe.com', 'https://checkout.stripe.com'],
    img: ['https://*.stripe.com'],
  };
}

/** Security headers: a strict CSP (no inline scripts), no framing, nosniff, referrer policy. */
export function securityHeaders(config: Config): Record<string, string> {
  const store = storageOrigins(config);
  const stripe = stripeOrigins(config);
  const middleware = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...stripe.script],
        // React and the dialog library set inline styles; scripts stay strictly 'self'.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...store, ...stripe.img],
        mediaSrc: ["'self'", 'blob:', ...store],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...store, ...stripe.connect],
        frameSrc: ["'self'", ...stripe.frame],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(config.isHttps ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    crossOriginEmbedderPolicy: false,
    // Google sign-in's auth window must keep its opener (decision 0040); planns opens no other windows.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    strictTransportSecurity: config.isHttps ? { maxAge: 15_552_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    xFrameOptions: { action: 'deny' },
  });
  // helmet's headers depend on its options only (no nonce, no function): made once, here, by
  // running its middleware on a response that records them.
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: unknown) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
    getHeader: () => undefined,
  };
  let done = false;
  middleware({ headers: {} } as IncomingMessage, recorder as unknown as ServerResponse, () => void (done = true));
  if (!done) throw new Error('the security headers could not be made');
  return headers;
}

/**
 * The security headers (helmet's: CSP with scripts from 'self' only, HSTS over https, no
 * framing, nosniff, a strict referrer policy) on every answer: `headers` as securityHeaders made
 * them once at start, set as they are rather than built anew for each request.
 */
export function registerSecurityHeaders(app: FastifyInstance, headers: Record<string, string>): void {
  app.addHook('onRequest', (_request, reply, done) => {
    void reply.headers(headers);
    done();
  });
}

export async function registerRateLimit(app: FastifyInstance, deps: AppDeps): Promise<void> {
  await app.register(rateLimit, {
    global: true,
    max: deps.config.RATE_LIMIT_MAX,
    timeWindow: '1 minute',
    ...(deps.redis ? { redis: deps.redis, nameSpace: 'planns-rl:' } : {}),
    // Only the API and Google sign-in's auth window are limited; the web app's files and media are cached static content.
    allowList: (request) => (!request.url.startsWith('/api/') && !request.url.startsWith('/google/')) || request.url.startsWith('/api/docs'),
    errorResponseBuilder: (_request, context) => {
      const error = new Error('Too many requests') as Error & { statusCode: number };
      error.statusCode = context.statusCode;
      return error;
    },
  });
}
