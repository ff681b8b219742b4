import { useEffect, useState } from 'react';

/**
 * Where the last dialog that closed gave focus back. A dialog opened by a button of another dialog that closes at
 * the same time (Create of New webhook opens the secret) finds its opener gone when it closes: focus goes where
 * the first dialog gave it back, instead of falling to <body> and sending a keyboard user to the top of the page.
 */
let lastReturnedTo: HTMLElement | null = null;

/**
 * Gives focus back to what had it when a dialog mounted (the button or link that opened it) once the dialog
 * unmounts. Dialogs shown with `{open && <Dialog />}` leave the page when closed, so antd's own return of focus
 * (which follows its `open` prop) never runs for them. Read during the first render: before the dialog takes focus.
 */
export function useFocusReturn(): void {
  const [opener] = useState(() => (typeof document === 'undefined' ? null : document.activeElement));
  useEffect(
    () => () => {
      const target =
        opener instanceof HTMLElement && opener.isConnected
          ? opener
          : lastReturnedTo?.isConnected
            ? lastReturnedTo
            : null;
      if (!target) return;
      target.focus();
      // An opener the dialog's work disabled (Acknowledge, once its alerts left the selection) cannot hold focus:
      // the nearest container that can (a tab's panel, the shell's main content, an enclosing dialog) takes it instead.
      if (document.activeElement !== target)
        target.parentElement?.closest<HTMLElement>('[tabindex]')?.focus();
      lastReturnedTo = target;
    },
    [opener],
  );
}
