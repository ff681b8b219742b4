import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { errorText } from '../api/error-text';
import { BACK_OFFICE_TEXTS as T } from './texts';

/** A failed call as RTK Query reports it (or anything a `try/catch` around `unwrap()` caught). */
export type CallError = FetchBaseQueryError | SerializedError | undefined;

/** What a failed call says to people: the server's sentence, and its field problems if any. */
export interface ServerProblem {
  /** The `error` sentence of the API's error body, or a plain fallback when the server was not reached. */
  sentence: string;
  /** Each `details[]` entry as 'field: message' (400 answers name the fields that are wrong). */
  details: string[];
}

function detailsOf(error: CallError): string[] {
  if (!error || !('status' in error) || !('data' in error)) return [];
  const data = error.data;
  if (typeof data !== 'object' || data === null || !('details' in data)) return [];
  const details = (data as { details?: unknown }).details;
  if (!Array.isArray(details)) return [];
  return details.flatMap((entry: unknown) => {
    if (typeof entry !== 'object' || entry === null) return [];
    const { path, message } = entry as { path?: unknown; message?: unknown };
    if (typeof message !== 'string' || message.trim() === '') return [];
    return typeof path === 'string' && path !== '' && path !== '(root)' ? [`${path}: ${message}`] : [message];
  });
}

/**
 * The server's answer to a failed call (`{ error, code, details? }`): its sentence and field problems.
 * The old console showed nothing for these failures (back-office §8); the spec README asks for the intent.
 */
export function serverProblem(error: unknown, fallback: string = T.unreachable): ServerProblem {
  const callError = error as CallError;
  return { sentence: errorText(callError, fallback), details: detailsOf(callError) };
}
