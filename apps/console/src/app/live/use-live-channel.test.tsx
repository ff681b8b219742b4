import { act, render, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { storeToken } from '@equipment-dashboard/api-client';
import { signedOut, tokenStored } from '../../shared/session/session-slice';
import { fakeSockets } from '../../test/fake-socket';
import { stubFetch } from '../../test/fetch-stub';
import { dashboardRoutes, tokenFor } from '../../test/fixtures';
import { makeStore } from '../store';
import { LiveSocketContext, useLiveChannel } from './use-live-channel';

function Channel() {
  useLiveChannel();
  return null;
}

/** The hook alone, without the signed-in shell: the app's frame runs it while the shell's chunks load. */
function renderChannel() {
  stubFetch(dashboardRoutes());
  const store = makeStore();
  const live = fakeSockets();
  render(
    <LiveSocketContext.Provider value={live.open}>
      <Provider store={store}>
        <Channel />
      </Provider>
    </LiveSocketContext.Provider>,
  );
  return { store, live };
}

/** What the login page does with a token: stores it, then says so to the store. */
function signIn(store: ReturnType<typeof makeStore>, token: ReturnType<typeof tokenFor>) {
  storeToken(token);
  act(() => {
    store.dispatch(tokenStored(token));
  });
}

function signOut(store: ReturnType<typeof makeStore>) {
  act(() => {
    store.dispatch(signedOut());
  });
}

describe('useLiveChannel', () => {
  it('when a token is stored, then the live socket opens with it, with no screen or shell rendered', async () => {
    const { store, live } = renderChannel();
    expect(live.sockets).toHaveLength(0);

    signIn(store, tokenFor('support', 'token-at-sign-in'));

    await waitFor(() => expect(live.sockets).toHaveLength(1));
    act(() => live.last().serverConnects());
    expect(live.last().handshakes).toEqual(['token-at-sign-in']);
  });

  it('when the session ends, then the socket is disconnected and no other one is opened', async () => {
    const { store, live } = renderChannel();
    signIn(store, tokenFor('engineer'));
    await waitFor(() => expect(live.sockets).toHaveLength(1));

    signOut(store);

    expect(live.last().disconnectCalls).toBeGreaterThan(0);
    expect(live.sockets).toHaveLength(1);
  });

  it('when the session ends before the channel code has loaded, then no socket is opened', async () => {
    const { store, live } = renderChannel();
    signIn(store, tokenFor('engineer'));
    signOut(store);

    // The channel's chunk is requested at the first render; give it every chance to arrive.
    await act(async () => {
      await import('./live-runtime');
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(live.sockets).toHaveLength(0);
  });
});
