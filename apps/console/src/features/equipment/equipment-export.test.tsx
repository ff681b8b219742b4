import { screen, waitFor } from '@testing-library/react';
import { openScreen } from '../../shared/testing/render-screen';
import { csv, recordDownloads, today } from '../../test/downloads';
import { queryOf } from '../../test/lists';
import { EquipmentPage } from './equipment-page';
import { equipmentRoutes, fullUnit } from './test-support';

const saved = recordDownloads();

describe('Export CSV on the equipment list', () => {
  it('when Export CSV is clicked on the equipment list, then the equipment export is asked with its filters and sort', async () => {
    const routes = equipmentRoutes({ units: [fullUnit('TP5HV0001', { family: 'gtps' })] });
    const { user, stub } = openScreen(
      '/Aligners?filterFamily=gtps&sortBy=updatedAt&sortDesc=true&page=1',
      <EquipmentPage />,
      'support',
      {
        ...routes,
        '/read/aligners/v1/export.csv': csv('Serial Number\r\nTP5HV0001\r\n'),
      },
    );
    await screen.findByRole('link', { name: 'TP5HV0001' });
    await user.click(screen.getByRole('button', { name: /Export CSV/ }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(queryOf(stub.callsTo('/read/aligners/v1/export.csv')[0])).toEqual({
      filterFamily: 'gtps',
      sortBy: 'updatedAt',
      sortDesc: 'true',
    });
    expect(saved[0]?.name).toBe(`equipment-${today()}.csv`);
  });
});
