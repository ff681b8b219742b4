import { act, render, screen } from '@testing-library/react';
import { OFFLINE_TEXT, OfflineNotice } from './offline-notice';

function setOnline(value: boolean) {
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => value });
  window.dispatchEvent(new Event(value ? 'online' : 'offline'));
}

describe('OfflineNotice', () => {
  afterEach(() => setOnline(true));

  it('when the device loses its connection, then the console says it shows no data offline, and the notice goes when it is back', () => {
    render(<OfflineNotice />);
    expect(screen.queryByText(OFFLINE_TEXT)).toBeNull();
    act(() => setOnline(false));
    expect(screen.getByRole('status')).toHaveTextContent(OFFLINE_TEXT);
    act(() => setOnline(true));
    expect(screen.queryByText(OFFLINE_TEXT)).toBeNull();
  });
});
