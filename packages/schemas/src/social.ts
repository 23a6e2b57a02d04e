import { z } from 'zod';
import { zLanguage, zSafeString, zTimeZone } from './fields.ts';

const zProviderToken = (label: string, description: string) =>
  zSafeString(label, { typeError: `${label} is required` })
    .min(1, { error: `${label} is required` })
    .max(8192, { error: `${label} is too long` })
    .describe(description);

export const ZGoogleSignInInput = z.object({
  googleToken: zProviderToken('The Google token', 'A Google ID token (the `credential` Google Identity Services gives the page)'),
  language: zLanguage.optional().describe('Language of a new account ("en" or "es"); an existing account keeps its own'),
  timeZone: zTimeZone.optional().describe('IANA time zone of a new account (UTC when absent); an existing account keeps its own'),
});

export const ZFacebookSignInInput = z.object({
  facebookToken: zProviderToken('The Facebook token', 'A Facebook user access token (`authResponse.accessToken` from FB.login)'),
  language: zLanguage.optional().describe('Language of a new account ("en" or "es"); an existing account keeps its own'),
  timeZone: zTimeZone.optional().describe('IANA time zone of a new account (UTC when absent); an existing account keeps its own'),
});

export const ZPublicConfig = z
  .object({
    google: z
      .object({ clientId: z.string().describe('The OAuth client id for Google Identity Services') })
      .nullable()
      .describe('Google sign-in, or null when it is not configured'),
    facebook: z
      .object({ appId: z.string().describe('The Facebook app id for the JavaScript SDK') })
      .nullable()
      .describe('Facebook sign-in, or null when it is not configured'),
    vapidPublicKey: z
      .string()
      .nullable()
      .describe(
        "The server's VAPID public key (base64url): the `applicationServerKey` a browser subscribes to reminders with; null when Web Push is off",
      ),
  })
  .meta({ id: 'PublicConfig', description: 'What the web app needs to know about this server' });
export type TPublicConfig = z.infer<typeof ZPublicConfig>;
