import type { MouseEvent } from 'react';
import { SHELL_TEXTS } from '../texts';

/** The id of the signed-in shell's main content, where the skip link sends focus. */
export const MAIN_CONTENT_ID = 'main-content';

/**
 * 'Skip to main content': the first Tab stop of the signed-in shell, shown only while it has focus
 * (accessibility.css). It moves focus itself rather than following the '#' link: the router would take the
 * fragment for a navigation, and a fragment alone scrolls without moving the keyboard's place.
 */
export function SkipLink() {
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    document.getElementById(MAIN_CONTENT_ID)?.focus();
  };
  return (
    <a className="skip-link" href={`#${MAIN_CONTENT_ID}`} onClick={skip}>
      {SHELL_TEXTS.skipToMain}
    </a>
  );
}
