import type { IncomingMessage } from 'node:http';
import type { RequestInfo } from '@reorder/api';
import proxyaddr from 'proxy-addr';

/** Which proxies are trusted: Express's compiled `trust proxy` setting (`app.get('trust proxy fn')`). */
export type TrustProxy = Parameters<typeof proxyaddr>[1];

/** Who is asking and from where, for the REST and tRPC handlers alike. */
export function createRequestInfo(trust: TrustProxy): (req: IncomingMessage) => RequestInfo {
  return (req) => {
    return {
      // What Express's req.ip is, for requests that never pass through Express.
      ip: proxyaddr(req, trust) ?? 'unknown',
      authorization: req.headers.authorization,
      requestId: String(req.headers['x-request-id']),
      userAgent: req.headers['user-agent'],
      acceptLanguage: req.headers['accept-language'],
      businessId: headerValue(req.headers['x-business-id']),
    };
  };
}

/** A header's one value (a repeated header counts as its first). */
function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
