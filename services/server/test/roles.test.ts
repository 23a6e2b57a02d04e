import { appRouter } from '@reorder/api';
import { type RegisteredUser, startTestServer, type TestServer } from '@reorder/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * docs/decisions.md §8.2's table of roles, procedure by procedure: every
 * procedure of the API is listed here, by hand from the table (not read from
 * the procedures' own declarations), with the least role that may call it,
 * or `any` for those outside a business (sign-in, the account, the list of
 * businesses, invitations, the public pages). Each one with a role is then
 * called by an owner, a manager and a staff member, over REST and over tRPC:
 * a role below the one needed answers 403 naming it, before the input is
 * read; any other answers something else (200, 400 for the empty input, or
 * 404 for the ids of nothing, which no call here changes).
 */
type Role = 'owner' | 'manager' | 'staff';
const TABLE: Record<string, Role | 'any'> = {
  // Sign-in and the account: the user's, in no business.
  'auth.login': 'any',
  'auth.register': 'any',
  'auth.forgotPassword': 'any',
  'auth.resetPassword': 'any',
  'auth.google': 'any',
  'auth.facebook': 'any',
  'auth.verifyEmail': 'any',
  'auth.resendVerification': 'any',
  'auth.logout': 'any',
  'auth.logoutAll': 'any',
  'auth.sessions': 'any',
  'auth.endSession': 'any',
  'auth.tokens': 'any',
  'auth.revokeToken': 'any',
  'users.export': 'any',
  'users.deleteMe': 'any',
  'users.byUsername': 'any',
  'users.updateMe': 'any',
  'feedback.send': 'any',
  'config.get': 'any',
  'push.subscribe': 'any',
  'push.unsubscribe': 'any',
  'push.list': 'any',
  'push.remove': 'any',
  'confirmations.view': 'any',
  'confirmations.answer': 'any',
  'claims.view': 'any',
  'claims.answer': 'any',
  'businesses.list': 'any',
  'businesses.create': 'any',
  'invitations.byToken': 'any',
  'invitations.accept': 'any',
  // Read everything of the business.
  'businesses.active': 'staff',
  'businesses.members': 'staff',
  'suppliers.list': 'staff',
  'suppliers.byId': 'staff',
  'products.list': 'staff',
  'products.byId': 'staff',
  'catalogue.export': 'staff',
  'products.prices': 'staff',
  'orders.list': 'staff',
  'orders.bySupplier': 'staff',
  'orders.history': 'staff',
  'orders.sent': 'staff',
  // Quantities, counts, message, fill, re-order, "Ready to send".
  'products.setQuantity': 'staff',
  'products.setStock': 'staff',
  'products.clear': 'staff',
  'orders.update': 'staff',
  'orders.fill': 'staff',
  'orders.reorder': 'staff',
  'orders.restore': 'staff',
  'orders.ready': 'staff',
  // Receiving a delivery (docs/decisions.md §9.4): any member.
  'receipts.start': 'staff',
  'receipts.get': 'staff',
  'receipts.list': 'staff',
  'receipts.setLine': 'staff',
  'receipts.allGood': 'staff',
  'receipts.done': 'staff',
  'receipts.reopen': 'staff',
  'receipts.bringNextTime': 'staff',
  // The standing order (docs/decisions.md §9.5): read and skipped by anyone, set by managers.
  'standing.get': 'staff',
  'standing.skip': 'staff',
  // Bills (docs/decisions.md §9.6): entered, read and given their file by anyone (the paper comes with the delivery);
  // approved and exported by managers; the Xero settings are the owner's.
  'bills.create': 'staff',
  'bills.list': 'staff',
  'bills.get': 'staff',
  'bills.update': 'staff',
  'bills.setFile': 'staff',
  'bills.file': 'staff',
  'bills.approve': 'manager',
  'bills.exportCsv': 'manager',
  'bills.settings': 'manager',
  'bills.updateSettings': 'owner',
  // Send; suppliers and products; own API tokens.
  'orders.send': 'manager',
  'suppliers.create': 'manager',
  'suppliers.update': 'manager',
  'suppliers.delete': 'manager',
  'products.create': 'manager',
  'products.bulk': 'manager',
  'catalogue.import': 'manager',
  'products.update': 'manager',
  'products.setPar': 'manager',
  'products.delete': 'manager',
  'auth.createToken': 'manager',
  // Money: what was spent, and the accountant's file.
  'spend.get': 'manager',
  'spend.sentOrdersCsv': 'manager',
  // Claims to suppliers (docs/decisions.md §9.4).
  'receipts.claim': 'manager',
  'claims.list': 'manager',
  'claims.get': 'manager',
  'claims.close': 'manager',
  'standing.put': 'manager',
  // Members, invitations, roles; the business's name and currency. (Removing oneself, leaving, is
  // every member's: members.test.ts. Removing another member, as here, is an owner's.)
  'businesses.update': 'owner',
  'businesses.setRole': 'owner',
  'businesses.removeMember': 'owner',
  'businesses.invite': 'owner',
  'businesses.invitations': 'owner',
  'businesses.revokeInvitation': 'owner',
  // Webhooks (docs/decisions.md §8.5): the business's scripts hear of its sends and prices.
  'webhooks.list': 'owner',
  'webhooks.create': 'owner',
  'webhooks.delete': 'owner',
  'webhooks.test': 'owner',
  'webhooks.deliveries': 'owner',
};
const RANK: Record<Role, number> = { owner: 0, manager: 1, staff: 2 };
/** An id of nothing: every path parameter, so that no call here finds (or changes) anything. */
const NOTHING = 999_999_999;

type ProcedureDef = { _def: { type: 'query' | 'mutation'; meta?: { openapi?: { method: string; path: string } } } };
const procedures = appRouter._def.procedures as unknown as Record<string, ProcedureDef>;

let t: TestServer;
const members = {} as Record<Role, RegisteredUser>;
let headers: Record<string, string>;

beforeAll(async () => {
  t = await startTestServer();
  const owner = await t.api.register({ businessName: 'Café Tabla', fullName: 'Olga Dueña' });
  await t.confirmEmail(owner.email, owner.token);
  members.owner = owner;
  headers = { 'x-business-id': String((await t.api.get('/api/businesses', owner.token)).body.data[0].id) };
  for (const role of ['manager', 'staff'] as const) members[role] = await t.joinBusiness(owner, role);
});
afterAll(() => t?.close());

describe("§8.2's table of roles", () => {
  it('names every procedure of the API, and only those', () => {
    expect(Object.keys(procedures).sort()).toEqual(Object.keys(TABLE).sort());
  });

  const withRole = Object.entries(TABLE).filter((entry): entry is [string, Role] => entry[1] !== 'any');
  for (const role of ['owner', 'manager', 'staff'] as const) {
    it(`lets ${role} call what the table allows, and answers 403 naming the role needed for the rest (REST and tRPC)`, async () => {
      const outcomes: string[] = [];
      for (const [path, needed] of withRole) {
        const procedure = procedures[path];
        const openapi = procedure?._def.meta?.openapi;
        if (!procedure || !openapi) throw new Error(`${path} has no REST path`);
        const allowed = RANK[role] <= RANK[needed];
        const restPath = `/api${openapi.path.replace(/\{\w+\}/g, String(NOTHING))}`;
        const body = openapi.method === 'GET' || openapi.method === 'DELETE' ? undefined : {};
        const rest = await t.api.request(openapi.method, restPath, { token: members[role].token, headers, ...(body ? { body } : {}) });
        // The same ids of nothing as the REST path's parameters, and nothing else.
        const input = Object.fromEntries([...openapi.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => [name, NOTHING]));
        const trpc =
          procedure._def.type === 'query'
            ? await t.api.request('GET', `/api/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`, {
                token: members[role].token,
                headers,
              })
            : await t.api.request('POST', `/api/trpc/${path}`, { token: members[role].token, headers, body: input });
        for (const [surface, res] of [
          ['REST', rest],
          ['tRPC', trpc],
        ] as const) {
          const refused = res.status === 403;
          if (refused !== !allowed) outcomes.push(`${surface} ${path} as ${role}: ${res.status} ${res.text.slice(0, 160)}`);
          if (refused && !/(owner|manager)/.test(res.text))
            outcomes.push(`${surface} ${path}: 403 names no role: ${res.text.slice(0, 160)}`);
        }
      }
      expect(outcomes).toEqual([]);
    });
  }
});
