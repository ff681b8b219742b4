import { screen } from '@testing-library/react';
import { json, stubFetch } from '../../test/fetch-stub';
import { dashboardRoutes, tokenFor } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

describe('trend chart screen', () => {
  it('when it opens, then the /graph image is fetched with the token and shown', async () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47]);
    const stub = stubFetch(
      dashboardRoutes({
        '/graph': new Response(png, { status: 200, headers: { 'content-type': 'image/png' } }),
      }),
    );
    renderApp({ route: '/TrendChart', token: tokenFor('support') });

    const image = await screen.findByRole('img', { name: 'Trend chart of connected equipment' });
    expect(image.getAttribute('src')).toMatch(/^blob:/);
    expect(stub.callsTo('/graph')[0]?.headers.get('authorization')).toBe('Bearer token-support');
  });

  it('when the image cannot be loaded, then a message and a retry show', async () => {
    stubFetch(
      dashboardRoutes({ '/graph': json(503, { error: 'The graph service is down.', code: 'unavailable' }) }),
    );
    renderApp({ route: '/TrendChart', token: tokenFor('support') });
    expect(await screen.findByText('The trend chart could not be loaded.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
