import type { TErrorDescription } from '../errors.ts';

/** A successful REST answer. */
export interface SuccessEnvelope<T> {
  code: 1;
  data: T;
  message: string;
}

/** A failed REST answer. */
export interface ErrorEnvelope {
  code: 0;
  data: null;
  message: string;
  error: { kind: TErrorDescription['kind']; issues: TErrorDescription['issues'] };
}

export function successEnvelope<T>(data: T, message = 'OK'): SuccessEnvelope<T> {
  return { code: 1, data, message };
}

export function errorEnvelope(error: Pick<TErrorDescription, 'kind' | 'message' | 'issues'>): ErrorEnvelope {
  return { code: 0, data: null, message: error.message, error: { kind: error.kind, issues: error.issues } };
}
