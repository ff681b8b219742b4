import type { FetchArgs, FetchBaseQueryMeta } from '@reduxjs/toolkit/query/react';
import { type EndpointDef, pathOf } from '@equipment-dashboard/contract';
import type { TagType } from './base-api';

/** A value a query string or a form can carry. */
type Scalar = string | number | boolean;

/** What a call sends besides its path: path parameters, query values and a body. */
export interface RequestParts {
  params?: Record<string, string | number>;
  query?: object;
  body?: unknown;
}

/** Drops undefined, null and '' query values, so that "no filter" is not sent as a value. */
function queryParams(query: object): Record<string, Scalar> {
  const out: Record<string, Scalar> = {};
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
      out[key] = value;
    else throw new TypeError(`query value ${key} must be a string, number or boolean`);
  }
  return out;
}

function formEncoded(body: object): URLSearchParams {
  const form = new URLSearchParams();
  for (const [key, value] of Object.entries(body)) {
    if (value !== undefined && value !== null) form.append(key, String(value));
  }
  return form;
}

function multipart(body: object): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(body)) {
    if (value === undefined || value === null) continue;
    if (value instanceof Blob) {
      // A File keeps its own name; a bare Blob gets one so that the server sees a file part.
      form.append(key, value, value instanceof File ? value.name : key);
    } else {
      form.append(key, String(value));
    }
  }
  return form;
}

function encodeBody(def: EndpointDef, body: unknown): FetchArgs['body'] {
  if (def.bodyEncoding === 'urlencoded' || def.bodyEncoding === 'multipart') {
    if (typeof body !== 'object' || body === null)
      throw new TypeError(`${def.name}: the body must be an object`);
    return def.bodyEncoding === 'urlencoded' ? formEncoded(body) : multipart(body);
  }
  return body;
}

/**
 * The fetch arguments of a contract call: its method, its path with `:params` filled, its query
 * (empty values dropped) and its body in the contract's encoding (JSON, form-encoded or multipart).
 * Binary calls answer an object URL (see {@link objectUrlResponse}).
 */
export function toRequest(def: EndpointDef, parts: RequestParts = {}): FetchArgs {
  const request: FetchArgs = { url: pathOf(def, parts.params), method: def.method };
  if (parts.query !== undefined) request.params = queryParams(parts.query);
  if (parts.body !== undefined) request.body = encodeBody(def, parts.body);
  if (def.binary) request.responseHandler = objectUrlResponse;
  return request;
}

/**
 * Reads a binary answer into an object URL (a string, so the cache stays serializable) that an
 * `<img src>` or a download link can use; error answers are read as JSON (the error body). The
 * slices revoke the URL when its cache entry goes away.
 */
export async function objectUrlResponse(response: Response): Promise<unknown> {
  if (!response.ok) {
    const text = await response.text();
    try {
      return text.length > 0 ? (JSON.parse(text) as unknown) : null;
    } catch {
      return text;
    }
  }
  return URL.createObjectURL(await response.blob());
}

/** Revokes an object URL made by {@link objectUrlResponse} once its cache entry is removed. */
export async function revokeWhenRemoved(lifecycle: {
  cacheDataLoaded: Promise<{ data: string }>;
  cacheEntryRemoved: Promise<void>;
}): Promise<void> {
  try {
    const { data } = await lifecycle.cacheDataLoaded;
    await lifecycle.cacheEntryRemoved;
    URL.revokeObjectURL(data);
  } catch {
    // The entry was removed before the data loaded: there is nothing to revoke.
  }
}

/** The HTTP status of an answer, for calls whose success statuses mean different things. */
export function statusOf(meta: FetchBaseQueryMeta | undefined): number {
  return meta?.response?.status ?? 0;
}

/** A cache tag. */
export interface Tag {
  type: TagType;
  id: string | number;
}

/** Tags of a list: the list itself (`id: 'LIST'`) and each item, so that changing an item refetches it. */
export function listTags<T>(
  type: TagType,
  items: readonly T[] | undefined,
  idOf: (item: T) => string | number,
): Tag[] {
  return [{ type, id: 'LIST' }, ...(items ?? []).map((item) => ({ type, id: idOf(item) }))];
}
