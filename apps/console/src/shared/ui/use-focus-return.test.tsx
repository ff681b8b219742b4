import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { useFocusReturn } from './use-focus-return';

/** A dialog shown by mounting it, as the console's dialogs are. */
function Dialog({ name, onClose, onNext }: { name: string; onClose: () => void; onNext?: () => void }) {
  useFocusReturn();
  return (
    <div role="dialog" aria-label={name}>
      <button onClick={onClose}>Close {name}</button>
      {onNext && <button onClick={onNext}>Next</button>}
    </div>
  );
}

/** A screen whose button opens a first dialog; that dialog's Next replaces it with a second one. */
function Screen() {
  const [open, setOpen] = useState<'first' | 'second' | null>(null);
  return (
    <>
      <button onClick={() => setOpen('first')}>Open</button>
      <button>Elsewhere</button>
      {open === 'first' && (
        <Dialog name="first" onClose={() => setOpen(null)} onNext={() => setOpen('second')} />
      )}
      {open === 'second' && <Dialog name="second" onClose={() => setOpen(null)} />}
    </>
  );
}

describe('useFocusReturn', () => {
  it('when a dialog opened by a button closes, then focus is back on that button', async () => {
    const user = userEvent.setup();
    render(<Screen />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.click(screen.getByRole('button', { name: 'Close first' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Open' })).toHaveFocus();
  });

  it('when a dialog opened from a dialog that went with it closes, then focus goes where the first one gave it', async () => {
    const user = userEvent.setup();
    render(<Screen />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    screen.getByRole('button', { name: 'Close second' }).focus();
    await user.click(screen.getByRole('button', { name: 'Close second' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Open' })).toHaveFocus();
  });

  it('when the dialog leaves its opener disabled, then focus goes to the container around it that takes focus', async () => {
    function Acknowledge() {
      const [state, setState] = useState<'ready' | 'open' | 'done'>('ready');
      return (
        <main tabIndex={-1}>
          <button disabled={state === 'done'} onClick={() => setState('open')}>
            Acknowledge
          </button>
          {state === 'open' && <Dialog name="ack" onClose={() => setState('done')} />}
        </main>
      );
    }
    const user = userEvent.setup();
    render(<Acknowledge />);
    await user.click(screen.getByRole('button', { name: 'Acknowledge' }));
    await user.click(screen.getByRole('button', { name: 'Close ack' }));
    expect(screen.getByRole('main')).toHaveFocus();
  });

  it('when the keyboard opens and closes a dialog, then focus is back on the opener', async () => {
    const user = userEvent.setup();
    render(<Screen />);
    await user.tab();
    expect(screen.getByRole('button', { name: 'Open' })).toHaveFocus();
    await user.keyboard('{Enter}');
    screen.getByRole('button', { name: 'Close first' }).focus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('button', { name: 'Open' })).toHaveFocus();
  });
});
