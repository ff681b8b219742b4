import { ENDPOINTS, type EndpointDef } from '@equipment-dashboard/contract';
import express, { type Router } from 'express';
import { NotImplementedError } from '../core/errors';
import { route, type RouteDeps, type RouteInput, type RouteResult } from './route';

/** Mounts contract endpoints on one router and remembers which are served. */
export class ApiRouter {
  readonly router: Router = express.Router();
  private readonly served = new Set<string>();
  /** Each served call's handler, by name: a list's CSV export pages through its list's handler. */
  private readonly handlers = new Map<string, (input: never) => unknown>();

  constructor(private readonly deps: RouteDeps) {}

  on<E extends EndpointDef>(
    def: E,
    handler: (input: RouteInput<E>) => Promise<RouteResult<E>> | RouteResult<E>,
  ): this {
    if (this.served.has(def.name)) throw new Error(`${def.name} is mounted twice`);
    this.served.add(def.name);
    this.handlers.set(def.name, handler as (input: never) => unknown);
    route(this.router, this.deps, def, handler);
    return this;
  }

  /** The handler a call was mounted with (undefined when it is not served). */
  handlerOf<E extends EndpointDef>(
    def: E,
  ): ((input: RouteInput<E>) => Promise<RouteResult<E>> | RouteResult<E>) | undefined {
    return this.handlers.get(def.name) as
      ((input: RouteInput<E>) => Promise<RouteResult<E>> | RouteResult<E>) | undefined;
  }

  isServed(name: string): boolean {
    return this.served.has(name);
  }

  /** Every call of the contract not served yet answers 501 with a clear error, never a fake success. */
  mountNotImplemented(): void {
    for (const def of ENDPOINTS) {
      if (this.served.has(def.name)) continue;
      const path = def.path.length > 1 ? def.path.replace(/\/+$/, '') : def.path;
      this.router[def.method.toLowerCase() as 'get' | 'post' | 'delete'](path, () => {
        throw new NotImplementedError(
          `${def.method} ${def.path} (${def.name}) is not served by this simulator yet.`,
        );
      });
    }
  }
}
