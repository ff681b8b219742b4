import type {
  BaseQueryError,
  BaseQueryMeta,
  EndpointBuilder,
  EndpointDefinitions,
  ResultDescription,
} from '@reduxjs/toolkit/query/react';
import type { BodyOf, EndpointDef, QueryOf, ResponseOf } from '@equipment-dashboard/contract';
import { baseApi, type baseQuery, type TagType } from './base-api';
import { toRequest } from './request';

/** The `build` an area slice's `injectEndpoints` hands over. */
export type Build = EndpointBuilder<typeof baseQuery, TagType, 'api'>;

/** The tags an endpoint provides or invalidates: a fixed list, or one computed from the answer and argument. */
export type Tags<Result, Arg> = ResultDescription<
  TagType,
  Result,
  Arg,
  BaseQueryError<typeof baseQuery>,
  BaseQueryMeta<typeof baseQuery>
>;

/**
 * RTK Query endpoints for the contract calls a slice sends as they stand: the argument is the call's
 * query or body, the answer its response, both typed from the contract. A call that reshapes its
 * argument or answer (sign-in, uploads, images, status outcomes) is written with `build` itself.
 * Internal to the slices: not exported from the package.
 */
export function contractCalls(build: Build) {
  // Only a call with a query schema sends a query. QueryOf<E> is then the query's input object (void
  // without one), which TypeScript cannot tell for a generic E.
  const queryParts = (def: EndpointDef, query: unknown) =>
    def.query ? { query: query as object | undefined } : {};
  return {
    /** A query whose argument is the call's query string (nothing for a call without one). */
    query: <E extends EndpointDef>(def: E, providesTags?: Tags<ResponseOf<E>, QueryOf<E>>) =>
      build.query<ResponseOf<E>, QueryOf<E>>({
        query: (query) => toRequest(def, queryParts(def, query)),
        providesTags,
      }),
    /** A mutation whose argument is the call's body. */
    mutation: <E extends EndpointDef>(def: E, invalidatesTags?: Tags<ResponseOf<E>, BodyOf<E>>) =>
      build.mutation<ResponseOf<E>, BodyOf<E>>({
        query: (body) => toRequest(def, { body }),
        invalidatesTags,
      }),
    /** A mutation whose argument is the call's query string (the contract's writes without a body). */
    queryMutation: <E extends EndpointDef>(def: E, invalidatesTags?: Tags<ResponseOf<E>, QueryOf<E>>) =>
      build.mutation<ResponseOf<E>, QueryOf<E>>({
        query: (query) => toRequest(def, queryParts(def, query)),
        invalidatesTags,
      }),
  };
}

/** The endpoint definers {@link contractCalls} hands an area. */
export type ContractCalls = ReturnType<typeof contractCalls>;

/**
 * Injects one area's endpoints into the one {@link baseApi} (tags only invalidate inside one API):
 * `call` defines those that send a contract call as it stands, `build` the others.
 */
export function injectAreaEndpoints<Definitions extends EndpointDefinitions>(
  endpoints: (call: ContractCalls, build: Build) => Definitions,
) {
  return baseApi.injectEndpoints({ endpoints: (build) => endpoints(contractCalls(build), build) });
}
