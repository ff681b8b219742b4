import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MAIN_CONTENT_ID, SkipLink } from './skip-link';

function Page() {
  return (
    <>
      <SkipLink />
      <header>
        <button>Menu</button>
      </header>
      <main id={MAIN_CONTENT_ID} tabIndex={-1}>
        <button>First of the content</button>
      </main>
    </>
  );
}

describe('the skip link', () => {
  it('when a keyboard user presses Tab on a new page, then the first stop is Skip to main content', async () => {
    const user = userEvent.setup();
    render(<Page />);
    await user.tab();
    expect(screen.getByRole('link', { name: 'Skip to main content' })).toHaveFocus();
  });

  it('when it is followed, then focus is on the main content and the next Tab goes into it', async () => {
    const user = userEvent.setup();
    render(<Page />);
    await user.tab();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('main')).toHaveFocus();
    expect(window.location.hash).toBe('');
    await user.tab();
    expect(screen.getByRole('button', { name: 'First of the content' })).toHaveFocus();
  });
});
