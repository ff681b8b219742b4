import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { makeStore } from '../../app/store';
import { Snackbars } from './snackbars';
import { alertShown, snackbarShown } from './ui-slice';

function renderSnackbars() {
  const store = makeStore();
  render(
    <Provider store={store}>
      <Snackbars />
    </Provider>,
  );
  return store;
}

describe('snackbars', () => {
  afterEach(() => jest.useRealTimers());

  it('when a snackbar shows, then it has CLOSE and goes away after 3 seconds', () => {
    jest.useFakeTimers();
    const store = renderSnackbars();
    act(() => {
      store.dispatch(snackbarShown('Serial number X not found.'));
    });
    expect(screen.getByRole('status')).toHaveTextContent('Serial number X not found.');
    expect(screen.getByRole('button', { name: 'CLOSE' })).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(2_900));
    expect(screen.getByRole('status')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(200));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('when CLOSE is pressed, then the snackbar goes away at once', async () => {
    const store = renderSnackbars();
    act(() => {
      store.dispatch(snackbarShown('Saved.'));
    });
    await userEvent.click(screen.getByRole('button', { name: 'CLOSE' }));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('when an alert shows, then it stays 10 seconds', () => {
    jest.useFakeTimers();
    const store = renderSnackbars();
    act(() => {
      store.dispatch(alertShown('New ticket 1 for aligner A created by b.'));
    });
    act(() => jest.advanceTimersByTime(9_900));
    expect(screen.getByRole('alert')).toHaveTextContent('New ticket 1 for aligner A created by b.');
    act(() => jest.advanceTimersByTime(200));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('when many alerts arrive at once, then the newest three show', () => {
    const store = renderSnackbars();
    act(() => {
      for (let n = 1; n <= 5; n += 1) store.dispatch(alertShown(`Alert ${n}`));
    });
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual([
      'Alert 3',
      'Alert 4',
      'Alert 5',
    ]);
  });
});
