/** Ports of the servers the e2e run starts (away from the default 3000/4000 a developer may use). */
export const API_PORT = Number(process.env.E2E_API_PORT ?? 4200);
export const WEB_PORT = Number(process.env.E2E_WEB_PORT ?? 3200);
export const API_URL = `http://127.0.0.1:${API_PORT}`;
export const WEB_URL = `http://localhost:${WEB_PORT}`;

/** The mail catcher: the API sends its mails to this SMTP port, journeys read them over HTTP. */
export const SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? 2525);
export const MAIL_HTTP_PORT = Number(process.env.E2E_MAIL_HTTP_PORT ?? 2526);
export const SMTP_URL = `smtp://127.0.0.1:${SMTP_PORT}`;
export const MAIL_CATCHER_URL = `http://127.0.0.1:${MAIL_HTTP_PORT}`;

/** The fake Stripe API (support/fake-stripe-server.ts) the e2e API sends its Stripe calls to. */
export const STRIPE_PORT = Number(process.env.E2E_STRIPE_PORT ?? API_PORT + 7);
export const FAKE_STRIPE_URL = `http://127.0.0.1:${STRIPE_PORT}`;
/** The fake Mondial Relay service (apps/api/src/test/fake-mondial-relay.ts) the API asks for points. */
export const MONDIAL_RELAY_PORT = Number(process.env.E2E_MONDIAL_RELAY_PORT ?? MAIL_HTTP_PORT + 1);
export const MONDIAL_RELAY_URL = `http://127.0.0.1:${MONDIAL_RELAY_PORT}/Web_Services.asmx`;
