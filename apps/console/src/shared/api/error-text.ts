import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { SerializedError } from '@reduxjs/toolkit';

/** The HTTP status of a failed call, or null when the server was not reached (network, parsing). */
export function errorStatus(error: FetchBaseQueryError | SerializedError | undefined): number | null {
  if (!error || !('status' in error)) return null;
  return typeof error.status === 'number' ? error.status : null;
}

function field(data: unknown, name: string): string | null {
  if (typeof data !== 'object' || data === null || !(name in data)) return null;
  const value = (data as Record<string, unknown>)[name];
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

/**
 * The human sentence of a failed call: the OAuth `error_description`, else the API's `error` (every
 * error body of the contract carries one), else the fallback (network failure, or a bare code such as
 * 'invalid_grant' with nothing to say).
 */
export function errorText(
  error: FetchBaseQueryError | SerializedError | undefined,
  fallback: string,
): string {
  if (!error || !('status' in error)) return fallback;
  const data = 'data' in error ? error.data : undefined;
  const description = field(data, 'error_description');
  if (description) return description;
  const sentence = field(data, 'error');
  // OAuth codes are snake_case words; the contract's error bodies are sentences.
  if (sentence && /\s/.test(sentence)) return sentence;
  return fallback;
}
