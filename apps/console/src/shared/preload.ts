/**
 * Chunks worth fetching as soon as the user presses LOGIN, while the token call is under way: the
 * signed-in shell and the first screen. The router registers them; the login page only asks.
 */
const afterSignIn: (() => Promise<unknown>)[] = [];

export function registerSignInPreload(...loaders: (() => Promise<unknown>)[]): void {
  afterSignIn.push(...loaders);
}

/**
 * Starts the preloads in the next task, so that a request started in this one (the token call) goes out
 * first: the browser opens at most six connections to the server, and the thirty-odd chunk requests would
 * otherwise be queued before it (RTK Query issues its fetch a few promise steps after the call).
 */
export function preloadAfterSignIn(): void {
  setTimeout(() => {
    for (const load of afterSignIn) {
      // A failed preload is tried again when its screen or chart renders.
      load().catch(() => undefined);
    }
  }, 0);
}
