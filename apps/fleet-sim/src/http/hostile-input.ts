import { hasLoneSurrogate, hasNul, NUL_MESSAGE, UNICODE_MESSAGE } from '@equipment-dashboard/contract';
import type { Request } from 'express';
import { ValidationError } from '../core/errors';

/*
 * Defense in depth beneath the contract: whatever a schema forgets (a record's keys, an unknown
 * value), no string with NUL or half a surrogate pair gets past the route, and no key that reaches
 * Object.prototype when code assigns by key.
 */

/** Keys that pollute prototypes when code merges or assigns by key. */
const RESERVED_KEYS = new Set(['__proto__', 'constructor', 'prototype']);
/** No request of the contract nests deeper than a few levels; deeper JSON is refused, not walked. */
const MAX_DEPTH = 32;
/** Enough problems to say what is wrong without echoing a whole hostile body back. */
const MAX_PROBLEMS = 10;
/** A path longer than this is cut in the answer (keys can be long). */
const MAX_PATH_TEXT = 200;

/** One refused spot, in the `details` form of a contract failure (see zodDetails). */
export interface InputProblem {
  path: string;
  message: string;
}

function textProblem(text: string): string | undefined {
  if (hasNul(text)) return NUL_MESSAGE;
  if (hasLoneSurrogate(text)) return UNICODE_MESSAGE;
  return undefined;
}

function where(path: readonly string[]): string {
  const text = path.join('.') || '(root)';
  return text.length > MAX_PATH_TEXT ? `${text.slice(0, MAX_PATH_TEXT)}...` : text;
}

/**
 * What no field of the contract may hold, anywhere in a parsed query, path or body: NUL or a lone
 * surrogate in a string or a key, a reserved key (`__proto__`, `constructor`, `prototype`), nesting
 * deeper than 32 levels. Walks with a stack, not recursion, so no nesting can overflow the call stack.
 */
export function hostileInputProblems(input: unknown): InputProblem[] {
  const problems: InputProblem[] = [];
  const stack: { value: unknown; path: string[] }[] = [{ value: input, path: [] }];
  for (let next = stack.pop(); next && problems.length < MAX_PROBLEMS; next = stack.pop()) {
    const { value, path } = next;
    if (typeof value === 'string') {
      const message = textProblem(value);
      if (message) problems.push({ path: where(path), message });
      continue;
    }
    if (typeof value !== 'object' || value === null) continue;
    if (path.length >= MAX_DEPTH) {
      problems.push({ path: where(path), message: `must not nest deeper than ${MAX_DEPTH} levels` });
      continue;
    }
    for (const key of Object.keys(value)) {
      const keyPath = [...path, key];
      const message = RESERVED_KEYS.has(key) ? 'is a reserved key' : textProblem(key);
      if (message) problems.push({ path: where(keyPath), message });
      else stack.push({ value: (value as Record<string, unknown>)[key], path: keyPath });
    }
  }
  return problems;
}

/**
 * Refuses with 400 `{ error, details }` a request whose path parameters, query or body hold what
 * {@link hostileInputProblems} finds. Runs before the contract parses anything.
 */
export function refuseHostileInput(req: Request): void {
  const parts: [unknown, string][] = [
    [req.params, 'The path is not valid.'],
    [req.query, 'The query is not valid.'],
    [req.body, 'The request body is not valid.'],
  ];
  for (const [input, error] of parts) {
    const problems = hostileInputProblems(input);
    if (problems.length > 0) throw new ValidationError(error, problems);
  }
}
