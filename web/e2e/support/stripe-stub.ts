import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

// A stand-in for the parts of Stripe the site touches, since Stripe's servers cannot be reached here:
// its API (what the server calls, and what Stripe.js calls from the browser), and a Stripe.js that
// mounts its card form in a frame from js.stripe.com. The browser reaches these through Playwright
// routes on Stripe's real origins, so the page's Content-Security-Policy applies exactly as in production.

export const STRIPE_STUB_PORT = Number(process.env.E2E_STRIPE_STUB_PORT ?? 4182);
export const STRIPE_STUB_URL = `http://127.0.0.1:${STRIPE_STUB_PORT}`;
export const STUB_SECRET_KEY = 'sk_test_e2e_stub';
export const STUB_PUBLISHABLE_KEY = 'pk_test_e2e_stub';

interface PaymentIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: string;
  client_secret: string;
  metadata: Record<string, string>;
}

/** Stripe.js as the page sees it: `Stripe(key)` with elements and confirmPayment, nothing more. */
export const STRIPE_JS = `(function () {
  function Stripe(publishableKey) {
    var clientSecret = null;
    function noop() { return Promise.resolve({}); }
    return {
      elements: function (options) {
        clientSecret = options.clientSecret;
        return {
          update: function () {},
          getElement: function () { return null; },
          create: function () {
            var handlers = {};
            var frame = null;
            function emit(event, payload) { (handlers[event] || []).forEach(function (handler) { handler(payload); }); }
            return {
              mount: function (node) {
                frame = document.createElement('iframe');
                frame.title = 'Secure payment input frame';
                frame.src = 'https://js.stripe.com/v3/elements-inner-payment.html';
                frame.style.width = '100%';
                frame.style.border = '0';
                frame.addEventListener('load', function () { emit('ready', { elementType: 'payment' }); });
                frame.addEventListener('error', function () { emit('loaderror', { error: { message: 'frame blocked' } }); });
                node.appendChild(frame);
              },
              on: function (event, handler) { (handlers[event] = handlers[event] || []).push(handler); },
              off: function (event, handler) {
                handlers[event] = (handlers[event] || []).filter(function (other) { return other !== handler; });
              },
              update: function () {},
              destroy: function () { if (frame) frame.remove(); },
            };
          },
        };
      },
      confirmPayment: function (params) {
        var id = clientSecret.split('_secret_')[0];
        var body = 'client_secret=' + encodeURIComponent(clientSecret) + '&key=' + encodeURIComponent(publishableKey);
        return fetch('https://api.stripe.com/v1/payment_intents/' + id + '/confirm', {
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
          body: body,
        })
          .then(function (response) { return response.json(); })
          .then(function (answer) {
            if (answer.error) return { error: answer.error };
            return { paymentIntent: answer };
          });
      },
      createToken: noop,
      createPaymentMethod: noop,
      confirmCardPayment: noop,
      registerAppInfo: function () {},
      _registerWrapper: function () {},
    };
  }
  Stripe.version = 'endive';
  window.Stripe = Stripe;
})();`;

/** The page inside Stripe's card frame. */
export const CARD_FRAME_HTML =
  '<!doctype html><html lang="en"><body><p>Card number, expiry and CVC are typed here, inside Stripe.</p></body></html>';

function send(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'Content-Type': 'application/json' });
  response.end(JSON.stringify(body));
}

function stripeError(response: ServerResponse, status: number, code: string, message: string) {
  send(response, status, { error: { type: 'invalid_request_error', code, message } });
}

async function formOf(request: IncomingMessage): Promise<URLSearchParams> {
  let text = '';
  for await (const chunk of request) text += String(chunk);
  return new URLSearchParams(text);
}

export function startStripeStub(port = STRIPE_STUB_PORT): Promise<Server> {
  const intents = new Map<string, PaymentIntent>();
  const byIdempotencyKey = new Map<string, string>();

  const server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', STRIPE_STUB_URL);
      const form = await formOf(request);
      const fromServer = request.headers.authorization === `Bearer ${STUB_SECRET_KEY}`;
      const fromBrowser = form.get('key') === STUB_PUBLISHABLE_KEY;
      if (url.pathname === '/') return send(response, 200, { stub: 'stripe' });
      if (!fromServer && !fromBrowser) {
        return stripeError(response, 401, 'api_key_invalid', 'Invalid API Key provided.');
      }

      const [, version, resource, id, action] = url.pathname.split('/');
      if (version !== 'v1') return stripeError(response, 404, 'resource_missing', 'Unrecognized request URL.');

      if (resource === 'payment_intents' && !id && request.method === 'POST' && fromServer) {
        const key = request.headers['idempotency-key'];
        const existing = typeof key === 'string' ? byIdempotencyKey.get(key) : undefined;
        if (existing) return send(response, 200, intents.get(existing));
        const intentId = `pi_stub${intents.size + 1}${Date.now()}`;
        const metadata: Record<string, string> = {};
        for (const [name, value] of form) {
          const match = /^metadata\[(.+)\]$/.exec(name);
          if (match) metadata[match[1]] = value;
        }
        const intent: PaymentIntent = {
          id: intentId,
          object: 'payment_intent',
          amount: Number(form.get('amount')),
          currency: form.get('currency') ?? 'usd',
          status: 'requires_payment_method',
          client_secret: `${intentId}_secret_stub`,
          metadata,
        };
        intents.set(intentId, intent);
        if (typeof key === 'string') byIdempotencyKey.set(key, intentId);
        return send(response, 200, intent);
      }

      const intent = resource === 'payment_intents' && id ? intents.get(id) : undefined;
      if (resource === 'payment_intents' && !intent) {
        return stripeError(response, 404, 'resource_missing', `No such payment_intent: '${id}'`);
      }
      if (intent && request.method === 'GET' && !action && fromServer) return send(response, 200, intent);
      if (intent && action === 'confirm' && fromBrowser) {
        if (form.get('client_secret') !== intent.client_secret) {
          return stripeError(response, 400, 'payment_intent_authentication_failure', 'The client secret is wrong.');
        }
        if (intent.status !== 'requires_payment_method') {
          return stripeError(response, 400, 'payment_intent_unexpected_state', `The payment is ${intent.status}.`);
        }
        intent.status = 'succeeded';
        return send(response, 200, intent);
      }
      if (intent && action === 'cancel' && fromServer) {
        if (intent.status === 'succeeded' || intent.status === 'canceled') {
          return stripeError(response, 400, 'payment_intent_unexpected_state', `The payment is ${intent.status}.`);
        }
        intent.status = 'canceled';
        return send(response, 200, intent);
      }
      if (resource === 'refunds' && request.method === 'POST' && fromServer) {
        return send(response, 200, { id: `re_stub${Date.now()}`, object: 'refund', status: 'succeeded' });
      }
      return stripeError(response, 404, 'resource_missing', 'Unrecognized request URL.');
    })();
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}
