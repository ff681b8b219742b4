import { theme } from 'antd';
import { useCallback, useSyncExternalStore } from 'react';

/**
 * The three layouts of the console, on the design system's breakpoints (antd's `screenMD` 768 px and `screenLG`
 * 992 px): a phone below the tablet width, a tablet up to the desktop width, a desktop above.
 */
export type ScreenSize = 'phone' | 'tablet' | 'desktop';

/** The media queries of the two narrow layouts, from the theme's breakpoints. */
export function screenQueries(token: { screenSMMax: number; screenMDMax: number }) {
  return {
    phone: `(max-width: ${token.screenSMMax}px)`,
    tablet: `(max-width: ${token.screenMDMax}px)`,
  };
}

/**
 * Which layout the page's width asks for. A page that matches neither query (a wide screen, or a test's page whose
 * media queries match nothing) is a desktop.
 */
export function screenSizeOf(
  matches: (query: string) => boolean,
  queries: ReturnType<typeof screenQueries>,
): ScreenSize {
  if (matches(queries.phone)) return 'phone';
  if (matches(queries.tablet)) return 'tablet';
  return 'desktop';
}

function matchesNow(query: string): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(query).matches;
}

/** The layout the screen's width asks for, from the first render on and following the width as it changes. */
export function useScreenSize(): ScreenSize {
  const { token } = theme.useToken();
  const queries = screenQueries(token);
  const { phone, tablet } = queries;
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (typeof window.matchMedia !== 'function') return () => undefined;
      const lists = [phone, tablet].map((query) => window.matchMedia(query));
      for (const list of lists) list.addEventListener('change', onChange);
      return () => lists.forEach((list) => list.removeEventListener('change', onChange));
    },
    [phone, tablet],
  );
  return useSyncExternalStore(
    subscribe,
    () => screenSizeOf(matchesNow, queries),
    () => 'desktop',
  );
}

/** True on a phone (below the tablet width): lists fold, filters go to a sheet, dialogs fill the screen. */
export function useIsPhone(): boolean {
  return useScreenSize() === 'phone';
}
