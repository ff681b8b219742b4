/** Texts of the page for an unknown path. */
export const NOT_FOUND_TEXTS = {
  title: 'Page not found',
  body: (path: string) => `There is no page at ${path}.`,
  home: 'Go to the dashboard',
} as const;
