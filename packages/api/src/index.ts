export { createFacebookVerifier, type FacebookVerifier } from './auth/social/facebook.ts';
export { createGoogleVerifier, type GoogleVerifier } from './auth/social/google.ts';
export { FILE_TOO_LARGE } from './bills/files.ts';
export { type ApiDeps, type ApiSettings, type Context, createContext, type RequestInfo, type SocialProviders } from './context.ts';
export {
  AppError,
  describeError,
  ERROR_STATUS,
  INVALID_JSON_MESSAGE,
  logUnexpectedFailure,
  type TErrorDescription,
  type TErrorKind,
  TOO_LARGE_MESSAGE,
  UNAVAILABLE_MESSAGE,
  UNAVAILABLE_RETRY_AFTER,
} from './errors.ts';
export { pruneWebhookEvents, runWebhookDeliveries, signDelivery, WebhookDispatcher } from './events/deliveries.ts';
export { DEFAULT_WEBHOOK_TIMING, type WebhookTiming } from './events/timing.ts';
export { createMailer, type Mailer, type MailMessage } from './mail/mailer.ts';
export {
  createPushSender,
  generateVapidKeys,
  type PushMessage,
  type PushSender,
  type PushTarget,
  type VapidKeys,
} from './mail/push.ts';
export { type BackgroundTasks, createBackgroundTasks } from './platform/background.ts';
export { endJsonInTurns } from './platform/json-turns.ts';
export { API_COMPRESSION } from './platform/kept-answers.ts';
export { createLogger, type Logger, summarizeError } from './platform/logger.ts';
export { redactPath } from './platform/redact.ts';
export { pruneProductListChanges } from './products/list-kept.ts';
export { listProducts } from './products/products.repository.ts';
export {
  createRateLimiter,
  DEFAULT_RATE_RULES as defaultRateRules,
  type RateLimiter,
  type RateRule,
  type RateRules,
} from './rate-limit/rate-limiter.ts';
export { DEFAULT_LEASE_MS, runReminders } from './reminders/reminders.ts';
export { type ErrorEnvelope, errorEnvelope, type SuccessEnvelope, successEnvelope } from './rest/envelope.ts';
export { createOpenApiDocument } from './rest/openapi.ts';
export { createRestHandler, hasBody, type RestHandler, type RestMatch, type RestRequest } from './rest/rest-adapter.ts';
export { type AppRouter, appRouter, createCaller, type RouterInputs, type RouterOutputs } from './root.ts';
export { reachOf } from './sessions/require-user.ts';
export { SessionCache, startSessionCache } from './sessions/session-cache.ts';
export { pruneSessions } from './sessions/sessions.repository.ts';
export { createTokenService, type TokenService } from './sessions/tokens.ts';
export { runStandingOrders, type StandingOutcome } from './standing/runner.ts';
export { callProcedure, type Meta, UNDECLARED_ERROR } from './trpc.ts';
export { hashPassword, PASSWORD_HASHING, type PasswordHashing } from './users/passwords.ts';
