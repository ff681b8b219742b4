import { z } from 'zod';
import { binaryResponseSchema, endpoint, type EndpointDef, type HttpMethod } from './endpoint';
import { pageQuery, recordIdText, thumbnailQuerySchema } from './query';

// Building blocks the area files define their calls with. Internal: index.ts does not re-export them.

/** What a call states besides its name, method and path; `auth` may be left out for 'token'. */
type CallParts<Q extends z.ZodType | undefined, B extends z.ZodType | undefined, R extends z.ZodType> = Omit<
  EndpointDef<Q, B, R>,
  'name' | 'method' | 'path' | 'auth'
> & { readonly auth?: EndpointDef['auth'] };

/**
 * The call definer of one area: `get`, `post` and `delete` name each call `<area>.<call>` (the name
 * the registry, the logs and the RTK slice go by), and a call needs a token unless it says
 * `auth: 'public'`, so that no call is public by omission.
 */
export function areaEndpoints(area: string) {
  const define =
    (method: HttpMethod) =>
    <
      Q extends z.ZodType | undefined = undefined,
      B extends z.ZodType | undefined = undefined,
      R extends z.ZodType = z.ZodType,
    >(
      call: string,
      path: string,
      parts: CallParts<Q, B, R>,
    ): EndpointDef<Q, B, R> =>
      endpoint<Q, B, R>({ name: `${area}.${call}`, method, path, ...parts, auth: parts.auth ?? 'token' });
  return { get: define('GET'), post: define('POST'), delete: define('DELETE') };
}

/** The query of a server-paged list: the 1-based `page` ({@link pageQuery}), then the list's own filters. */
export function pagedListQuery<const Filters extends z.ZodRawShape = Record<never, never>>(
  filters: Filters = {} as Filters,
) {
  return z.object({ page: pageQuery, ...filters });
}

/**
 * The parts of a call that downloads a stored image (a screenshot, a ticket attachment) by the record id
 * in its path, or its thumbnail with `?thumbnail=true`: the answer is the file itself.
 */
export const imageFileParts = {
  params: z.object({ id: recordIdText }),
  query: thumbnailQuerySchema,
  response: binaryResponseSchema,
  binary: true,
} as const;
