/** A MediaQueryList that answers `matches` and never changes (jsdom has none). */
export function mediaQueryList(query: string, matches: boolean): MediaQueryList {
  return {
    matches,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  };
}

/**
 * Makes the page's media queries answer as on a screen `width` px wide (min-width and max-width queries; jsdom's
 * stub matches nothing, a desktop for the console). Returns the function that puts the stub back.
 */
export function screenWidth(width: number): () => void {
  const original = window.matchMedia;
  window.matchMedia = ((query: string) => {
    const min = /min-width:\s*([\d.]+)px/.exec(query);
    const max = /max-width:\s*([\d.]+)px/.exec(query);
    return mediaQueryList(query, (!min || width >= Number(min[1])) && (!max || width <= Number(max[1])));
  }) as typeof window.matchMedia;
  return () => {
    window.matchMedia = original;
  };
}
