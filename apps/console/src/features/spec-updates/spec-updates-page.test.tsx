import { screen, waitFor, within } from '@testing-library/react';
import { json } from '../../test/fetch-stub';
import { openSpecUpdates } from './test-support';
import { bodyRows, expectColumns, queryOf, rowStarting as row } from '../../test/lists';

const cell = (rowName: string, column: number) => within(row(rowName)).getAllByRole('cell')[column];

function chartData(figureName: string): unknown {
  const figure = screen.getByRole('figure', { name: figureName });
  return JSON.parse(within(figure).getByTestId(/^chart-/).textContent ?? 'null');
}

describe('Specifications', () => {
  it('when it opens, then the Statistics tab charts installed devices per spec version on a log axis, without unknown, ? and single-unit versions', async () => {
    openSpecUpdates();
    expect(await screen.findByRole('region', { name: 'Specifications' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Statistics' })).toHaveAttribute('aria-selected', 'true');
    await waitFor(() =>
      expect(chartData('Installed devices per spec version')).toEqual([
        { label: '4.2025.01 US', value: 7, base: 1 },
        // Same major: ordered by the text from the 7th character on ('.03 EU' before '.11 US').
        { label: '5.2026.03 EU', value: 40, base: 1 },
        { label: '5.2025.11 US', value: 300, base: 1 },
      ]),
    );
    expect(screen.getByRole('figure', { name: 'Installed devices per spec version' })).toHaveAttribute(
      'data-scale',
      'log',
    );
    // The Create button belongs to the Spec Releases tab only.
    expect(screen.queryByRole('button', { name: 'Create Spec Update' })).not.toBeInTheDocument();
  });

  it('when Spec Releases is chosen, then the first page shows every column, N/A for empty requirements and true/false flags, and the URL keeps the tab', async () => {
    const { user, stub, location } = openSpecUpdates();
    await user.click(await screen.findByRole('tab', { name: 'Spec Releases' }));
    expect(await screen.findByRole('row', { name: /^US-2026-12 / })).toBeInTheDocument();
    expect(location()).toBe('/SpecUpdates?tab=releases');
    expectColumns([
      'Display Name',
      'Month',
      'Year',
      'Aligners Require',
      'Tru-Points Require',
      'Oasis Require',
      'Active',
      'Target Family',
      'Filtered',
      'Path',
      'Created At',
      'Updated At',
      'Actions',
    ]);
    expect(bodyRows()).toHaveLength(10);
    const cells = (name: string) =>
      within(row(name))
        .getAllByRole('cell')
        .map((c) => c.textContent);
    expect(cells('US-2026-12').slice(0, 10)).toEqual([
      'US-2026-12',
      '3',
      '2026',
      '5.2.0',
      '1.3.0',
      '2.0.0',
      'false',
      'aligner',
      'true',
      '/updates/specs/US-2026-12',
    ]);
    expect(cells('US-2026-11').slice(3, 9)).toEqual(['5.0.0', 'N/A', 'N/A', 'true', 'all', 'false']);
    expect(cell('US-2026-11', 10)?.textContent).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(within(row('US-2026-11')).getByRole('button', { name: 'Edit Spec' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create Spec Update' })).toBeInTheDocument();
    expect(screen.getByText('12 in all')).toBeInTheDocument();
    expect(queryOf(stub.callsTo('/read/spec_updates/v1/')[0])).toEqual({ page: '1' });
  });

  it('when Filtered is hovered, then the filter list shows joined by commas', async () => {
    const { user } = openSpecUpdates({ entry: '/SpecUpdates?tab=releases' });
    await screen.findByRole('row', { name: /^US-2026-12 / });
    const filtered = within(row('US-2026-12')).getByLabelText('Filter: AX1*,CB2*');
    await user.hover(filtered);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('AX1*,CB2*');
  });

  it('when the next page is chosen, then page 2 is asked and the URL keeps it; the pager shows the first and the last page', async () => {
    const { user, stub, location } = openSpecUpdates({ entry: '/SpecUpdates?tab=releases' });
    await screen.findByRole('row', { name: /^US-2026-12 / });
    expect(screen.getByTitle('1')).toHaveClass('ant-pagination-item-active');
    expect(screen.getByTitle('2')).toBeInTheDocument();
    expect(document.querySelector('.ant-pagination-options .ant-select')).toHaveClass('ant-select-disabled');
    await user.click(screen.getByTitle('2'));
    expect(await screen.findByRole('row', { name: /^US-2026-02 / })).toBeInTheDocument();
    expect(queryOf(stub.callsTo('/read/spec_updates/v1/').at(-1))).toEqual({ page: '2' });
    expect(location()).toBe('/SpecUpdates?tab=releases&page=2');
    expect(screen.getByTitle('2')).toHaveClass('ant-pagination-item-active');
  });

  it('when a link names page 2, then the list opens on it', async () => {
    const { stub } = openSpecUpdates({ entry: '/SpecUpdates?tab=releases&page=2' });
    expect(await screen.findByRole('row', { name: /^US-2026-01 / })).toBeInTheDocument();
    expect(queryOf(stub.callsTo('/read/spec_updates/v1/')[0])).toEqual({ page: '2' });
  });

  it.each(['support', 'support_lvl2', 'guest'] as const)(
    'when %s opens Spec Releases, then neither Create Spec Update nor Edit Spec shows',
    async (role) => {
      openSpecUpdates({ role, entry: '/SpecUpdates?tab=releases' });
      await screen.findByRole('row', { name: /^US-2026-12 / });
      expect(screen.queryByRole('button', { name: 'Create Spec Update' })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Edit Spec' })).not.toBeInTheDocument();
    },
  );

  it('when an admin opens Spec Releases, then Create Spec Update shows', async () => {
    openSpecUpdates({ role: 'admin', entry: '/SpecUpdates?tab=releases' });
    expect(await screen.findByRole('button', { name: 'Create Spec Update' })).toBeInTheDocument();
  });

  it('when the list cannot be read, then the server sentence shows with Retry', async () => {
    openSpecUpdates({
      entry: '/SpecUpdates?tab=releases',
      routes: {
        '/read/spec_updates/v1/': json(503, {
          error: 'The store is not available.',
          code: 'service_unavailable',
        }),
      },
    });
    expect(await screen.findByText('The store is not available.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
