/**
 * Chunks worth fetching as soon as the user presses LOGIN, while the token call is under way: the
 * signed-in shell and the first screen. The router registers them; the login page only asks.
 */
const afterSignIn: (() => Promise<unknown>)[] = [];

export function registerSignInPreload(...loaders: (() => Promise<unknown>)[]): void {
  afterSignIn.push(...loaders);
}

export function preloadAfterSignIn(): void {
  for (const load of afterSignIn) {
    // A failed preload is retried by React.lazy when the screen renders.
    load().catch(() => undefined);
  }
}
