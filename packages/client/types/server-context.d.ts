/**
 * Stands in for packages/api/src/context.ts in the bundled types (build.mjs):
 * the server's request context (its database, mailer, keys...) is what tRPC
 * records as the routers' `ctx`, and a client never reads it. The real one
 * would carry the database's tables (password_hash, token_hash columns) into
 * the package; this one carries nothing (issue 33).
 */
/** Marks a type as the server's own: a client has nothing to read in it. */
declare const serverOnly: unique symbol;
/** The server's own settings: opaque to clients. */
export interface ApiSettings {
  readonly publicUrl: string;
}
/** The sign-in providers the server is configured with: opaque to clients. */
export interface SocialProviders {
  readonly [serverOnly]?: true;
}
/** What the server's procedures are given: opaque to clients. */
export interface ApiDeps {
  readonly [serverOnly]?: true;
}
/** Who is calling and from where, as the server reads it. */
export interface RequestInfo {
  ip: string;
  requestId: string;
}
/** The sign-in checks the server keeps: opaque to clients. */
export interface SignInChecks {
  readonly [serverOnly]?: true;
}
/** The server's request context: opaque to clients. */
export interface Context {
  request: RequestInfo;
}
export declare const DAY_MS: number;
export declare function nowOf(deps: { clock?: (() => number) | undefined }): number;
export declare function createContext(deps: ApiDeps, request: RequestInfo): Context;
