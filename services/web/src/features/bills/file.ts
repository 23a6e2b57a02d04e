import { BILL_FILE_TYPES, BILL_LIMITS } from '@reorder/schemas';
import { sessionStore } from '../../lib/session.ts';
import { chosenBusiness } from '../../lib/trpc.ts';

/** Why a file cannot be the invoice's (docs/decisions.md §9.6), told before it is sent; undefined when it may be. */
export function fileProblem(file: { type: string; size: number }): { kind: 'type' } | { kind: 'size'; megabytes: string } | undefined {
  if (!(BILL_FILE_TYPES as readonly string[]).includes(file.type)) return { kind: 'type' };
  if (file.size > BILL_LIMITS.fileBytes) return { kind: 'size', megabytes: (file.size / (1024 * 1024)).toFixed(1) };
  return undefined;
}

/** The signed-in member's headers for the REST calls that carry a file, which tRPC does not. */
function headers(): Record<string, string> {
  const token = sessionStore.get()?.token;
  const business = chosenBusiness();
  return {
    ...(token ? { authorization: `Bearer ${token}` } : {}),
    ...(business === undefined ? {} : { 'x-business-id': String(business) }),
  };
}

/** The server's refusal of a file, in its envelope's words (docs/decisions.md §2). */
export class FileRefused extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** Attaches the invoice's photo or PDF: `PUT /bills/{id}/file` with the file as the raw body. */
export async function uploadBillFile(billId: number, file: File): Promise<void> {
  const res = await fetch(`/api/bills/${billId}/file`, {
    method: 'PUT',
    headers: { ...headers(), 'content-type': file.type },
    body: file,
  });
  if (res.ok) return;
  const body = (await res.json().catch(() => null)) as { message?: string } | null;
  throw new FileRefused(res.status, body?.message ?? res.statusText);
}

/** The attached photo or PDF, as the server keeps it. */
export async function downloadBillFile(billId: number): Promise<Blob> {
  const res = await fetch(`/api/bills/${billId}/file`, { headers: headers() });
  if (!res.ok) throw new FileRefused(res.status, res.statusText);
  return res.blob();
}
