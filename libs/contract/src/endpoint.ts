import type { Permission } from '@equipment-dashboard/domain';
import { z } from 'zod';

/** HTTP methods the spec's calls use. */
export type HttpMethod = 'GET' | 'POST' | 'DELETE';

/**
 * One call of the spec, defined once: the server validates requests with it and checks its
 * responses in tests; the console's RTK Query slices take their types from it.
 */
export interface EndpointDef<
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  R extends z.ZodType = z.ZodType,
> {
  /** A stable name, `<area>.<call>`, used in logs, tests and the RTK slice. */
  readonly name: string;
  readonly method: HttpMethod;
  /** The exact path of the spec (trailing slash kept where the spec has one). */
  readonly path: string;
  /**
   * Schema of the path's `:name` parameters, an object keyed by name (Express hands them over decoded,
   * as strings). Every endpoint whose path has a parameter declares it.
   */
  readonly params?: z.ZodType;
  /** Query-string schema; values arrive as strings and are coerced here. */
  readonly query?: Q;
  /** Body schema (JSON, form-encoded or the non-file fields of a multipart body). */
  readonly body?: B;
  /** How the body is encoded; JSON unless said. `raw`: the body is a file's bytes (application/gzip or octet-stream). */
  readonly bodyEncoding?: 'json' | 'urlencoded' | 'multipart' | 'raw';
  /** Success response schema; `z.instanceof(...)`-free: binary answers use {@link EndpointDef.binary}. */
  readonly response: R;
  /** The answer is a file (image, download), not JSON. */
  readonly binary?: boolean;
  /** Success status codes the call may answer (default [200]). */
  readonly successStatus?: readonly number[];
  /** 'public' calls need no token (sign-in, password reset, health); every other call needs one. */
  readonly auth: 'public' | 'token';
  /** The named permission of libs/domain the caller's role must hold, if the call is role-gated. */
  readonly permission?: Permission;
  /** One line for humans: what the call does. */
  readonly summary: string;
}

/** Defines an endpoint while keeping its schema types (identity at run time). */
export function endpoint<
  Q extends z.ZodType | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
  R extends z.ZodType = z.ZodType,
>(def: EndpointDef<Q, B, R>): EndpointDef<Q, B, R> {
  return def;
}

/** The parsed query type of an endpoint. */
export type QueryOf<E> =
  E extends EndpointDef<infer Q, z.ZodType | undefined, z.ZodType>
    ? Q extends z.ZodType
      ? z.input<Q>
      : void
    : never;
/** The body type of an endpoint, as a client sends it. */
export type BodyOf<E> =
  E extends EndpointDef<z.ZodType | undefined, infer B, z.ZodType>
    ? B extends z.ZodType
      ? z.input<B>
      : void
    : never;
/** The response type of an endpoint. */
export type ResponseOf<E> =
  E extends EndpointDef<z.ZodType | undefined, z.ZodType | undefined, infer R> ? z.infer<R> : never;

/** A binary answer: the bytes are the body, so there is nothing for a JSON schema to check. */
export const binaryResponseSchema = z.unknown();

/**
 * Fills the Express-style `:name` parameters of an endpoint's path, URI-encoding each value.
 * Throws when a parameter of the path has no value, so a broken link cannot be built silently.
 */
export function pathOf(def: Pick<EndpointDef, 'path'>, params: Record<string, string | number> = {}): string {
  return def.path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_match, key: string) => {
    const value = params[key];
    if (value === undefined) throw new Error(`pathOf(${def.path}): missing parameter ${key}`);
    return encodeURIComponent(String(value));
  });
}
