import { screen, waitFor, within } from '@testing-library/react';
import { json, stubFetch } from '../../test/fetch-stub';
import { tokenFor } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';
import { equipmentRoutes, findDialog, fullUnit } from './test-support';

const VERSIONS = [
  { semantic: '1.2.0', meta: '', path: '/updates/gtps/1.2.0' },
  { semantic: '1.1.0', meta: '', path: '/updates/gtps/1.1.0' },
];

function openList(route: string, role: Parameters<typeof tokenFor>[0]) {
  const units = [
    fullUnit('TP5HV0001', { family: 'gtps', version: { semantic: '1.0.0', meta: '' } }),
    fullUnit('AX1AS0001', { version: { semantic: '5.3.0', meta: '' } }),
  ];
  const stub = stubFetch(
    equipmentRoutes(
      { units },
      {
        '/read/saved_views/v1': [],
        '/read/rollout_versions/v1': VERSIONS,
        'POST /create/rollout/v1': () => json(201, { id: 12 }),
      },
    ),
  );
  return { ...renderApp({ route, token: tokenFor(role) }), stub };
}

const BUTTON = { name: /Roll out to these units/ };

describe('equipment list: Roll out to these units', () => {
  it('when an engineer has filtered a family, then New rollout opens with the family and the filters as its target, and Create sends them', async () => {
    const { user, stub } = openList(
      '/Aligners?filterFamily=gtps&filterCountryCode=DE&filterSerialNumber=TP5&filterSoftwareVersion=1.0',
      'engineer',
    );
    await user.click(await screen.findByRole('button', BUTTON));
    const dialog = await findDialog('New rollout');
    expect(within(dialog).getByRole('radio', { name: 'Equipment list filters' })).toBeChecked();
    expect(within(dialog).getByRole('combobox', { name: 'Family' }).closest('.ant-select')).toHaveTextContent(
      'gtps',
    );
    expect(within(dialog).getByLabelText('Country code')).toHaveValue('DE');
    expect(within(dialog).getByLabelText('Software version')).toHaveValue('1.0');
    expect(within(dialog).getByLabelText('Serial number')).toHaveValue('TP5');
    await waitFor(() =>
      expect(
        within(dialog).getByRole('combobox', { name: 'Version' }).closest('.ant-select'),
      ).toHaveTextContent('1.2.0'),
    );
    // The typed fields stay editable.
    await user.clear(within(dialog).getByLabelText('Country code'));
    await user.type(within(dialog).getByLabelText('Country code'), 'AT');
    await user.type(within(dialog).getByLabelText('Name'), 'German gtps');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(stub.callsTo('/create/rollout/v1')).toHaveLength(1));
    expect(await stub.callsTo('/create/rollout/v1')[0]?.json()).toMatchObject({
      name: 'German gtps',
      family: 'gtps',
      version: '1.2.0',
      target: {
        kind: 'filters',
        filters: {
          filterFamily: 'gtps',
          filterCountryCode: 'AT',
          filterSoftwareVersion: '1.0',
          filterSerialNumber: 'TP5',
        },
      },
    });
    expect(
      stub.callsTo('/read/rollout_versions/v1').map((r) => new URL(r.url).searchParams.get('family')),
    ).toEqual(['gtps']);
  });

  it('when no family filter is set, then the button is not offered (a rollout is of one family)', async () => {
    openList('/Aligners?filterCountryCode=DE', 'admin');
    await screen.findByRole('link', { name: 'TP5HV0001' });
    expect(screen.queryByRole('button', BUTTON)).not.toBeInTheDocument();
  });

  it('when support_lvl2 (who may see rollouts, not create them) filters a family, then the button is not offered', async () => {
    openList('/Aligners?filterFamily=gtps', 'support_lvl2');
    await screen.findByRole('link', { name: 'TP5HV0001' });
    expect(screen.queryByRole('button', BUTTON)).not.toBeInTheDocument();
  });
});
