import { z } from 'zod';
import { zDateTime, zText } from './fields.ts';
import { LIMITS } from './limits.ts';
import { zCurrentPassword } from './user.ts';

/** Every personal API token starts with this, so it is recognised wherever it leaks (and by secret scanners). */
export const API_TOKEN_PREFIX = 'rpat_';

export const ZApiToken = z
  .object({
    id: z.number().int().describe('Token id'),
    name: z.string().describe('What the token is for, e.g. "Stock script"'),
    createdAt: zDateTime('When it was created (ISO 8601)'),
    expiresAt: z.iso
      .datetime()
      .nullable()
      .describe('When it stops working (ISO 8601); null only for tokens made before every token had to expire'),
    lastUsedAt: z.iso.datetime().nullable().describe('When it was last used, to within a few minutes (ISO 8601); null: never'),
  })
  .meta({
    id: 'ApiToken',
    description: 'A personal API token, without its secret',
    example: {
      id: 3,
      name: 'Stock script',
      createdAt: '2026-11-23T09:30:00.000Z',
      expiresAt: '2027-02-21T09:30:00.000Z',
      lastUsedAt: '2026-11-23T10:00:00.000Z',
    },
  });
export type TApiToken = z.infer<typeof ZApiToken>;

export const ZCreatedApiToken = ZApiToken.extend({
  token: z.string().describe('The secret, `rpat_…`: shown only in this answer. Send it as `Authorization: Bearer rpat_…`.'),
}).meta({
  id: 'CreatedApiToken',
  description: 'A new personal API token, with its secret (shown once)',
  example: {
    id: 3,
    name: 'Stock script',
    token: 'rpat_Qm9vX2V4YW1wbGVfdG9rZW5fbm90X3JlYWxfMDAwMDA',
    createdAt: '2026-11-23T09:30:00.000Z',
    expiresAt: '2027-02-21T09:30:00.000Z',
    lastUsedAt: null,
  },
});
export type TCreatedApiToken = z.infer<typeof ZCreatedApiToken>;

export const ZCreateApiTokenInput = z.object({
  name: zText('Token name', LIMITS.nameMax).describe('What the token is for, 1 to 100 characters'),
  expiresInDays: z
    .number({ error: 'Expires in days must be a whole number from 1 to 365' })
    .int({ error: 'Expires in days must be a whole number from 1 to 365' })
    .min(1, { error: 'Expires in days must be a whole number from 1 to 365' })
    .max(LIMITS.apiTokenDaysMax, { error: 'Expires in days must be a whole number from 1 to 365' })
    .optional()
    .describe(`Days until it stops working, 1 to ${LIMITS.apiTokenDaysMax}; ${LIMITS.apiTokenDaysDefault} when left out`),
  currentPassword: zCurrentPassword.describe(
    'Your current password: needed when this session signed in more than 15 minutes ago (an account without a password signs in again instead)',
  ),
});
export type TCreateApiTokenInput = z.infer<typeof ZCreateApiTokenInput>;
