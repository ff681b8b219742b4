import { screen } from '@testing-library/react';

/**
 * The open dialog whose title is `title`. (In jsdom every antd dialog is labelled by the same element,
 * so the role's name cannot tell two open dialogs apart; the title text can.)
 */
export async function findDialog(title: string | RegExp): Promise<HTMLElement> {
  const titles = await screen.findAllByText(title, { selector: '.ant-modal-title, .ant-modal-title *' });
  const dialog = titles.at(-1)?.closest<HTMLElement>('[role="dialog"]');
  if (!dialog) throw new Error(`No dialog titled ${String(title)}.`);
  return dialog;
}

/** True while a dialog titled `title` is open (antd keeps closed dialogs in the DOM, hidden). */
export function dialogOpen(title: string | RegExp): boolean {
  return screen
    .queryAllByText(title, { selector: '.ant-modal-title, .ant-modal-title *' })
    .some((element) => {
      const wrap = element.closest<HTMLElement>('.ant-modal-wrap');
      return wrap !== null && wrap.style.display !== 'none';
    });
}
