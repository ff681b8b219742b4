/**
 * Registers the service worker of the built console (vite-plugin-pwa, apps/console/vite.config.mts): the shell comes
 * from its cache when the network is slow or absent, and an installed console ("Add to home screen") opens full
 * screen. Registered once the page has loaded, so that the sign-in page's own loading never waits on it; not in
 * development (Vite's dev server has no service worker).
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  window.addEventListener('load', () => {
    void import('virtual:pwa-register').then(({ registerSW }) => registerSW({ immediate: true }));
  });
}
