import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Table, type TableColumnType } from 'antd';
import { screenWidth } from '../../test/screen-width';
import { usePhoneTable } from './phone-table';

interface Row {
  serial: string;
  version: string;
  country: { name: string };
  notes: string;
}

const ROWS: Row[] = Array.from({ length: 12 }, (_, i) => ({
  serial: `SN${i + 1}`,
  version: `1.${i}.0`,
  country: { name: 'Norway' },
  notes: `note ${i + 1}`,
}));

const COLUMNS: TableColumnType<Row>[] = [
  { key: 'serial', title: 'Serial', dataIndex: 'serial' },
  { key: 'version', title: 'Version', dataIndex: 'version' },
  { key: 'country', title: 'Country', dataIndex: ['country', 'name'] },
  {
    key: 'notes',
    title: 'Notes',
    dataIndex: 'notes',
    render: (notes: string) => <em>{notes.toUpperCase()}</em>,
  },
];

function List({ keep }: { keep?: string[] }) {
  const table = usePhoneTable<Row>({
    keep,
    columns: COLUMNS,
    scroll: { x: 900 },
    pagination: { pageSize: 10, total: ROWS.length, showTotal: (total) => `${total} units` },
  });
  return <Table<Row> rowKey="serial" dataSource={ROWS} {...table} />;
}

const headers = () => screen.getAllByRole('columnheader').map((header) => header.textContent);

describe('a list on a phone', () => {
  let restore: () => void = () => undefined;
  afterEach(() => restore());

  it('when the screen is a desktop, then every column shows and no row expands', () => {
    render(<List keep={['serial', 'version']} />);
    expect(headers()).toEqual(['Serial', 'Version', 'Country', 'Notes']);
    expect(screen.queryByRole('button', { name: /expand/i })).toBeNull();
  });

  it('when the screen is a phone, then the kept columns stay and the others show in the expanded row', async () => {
    restore = screenWidth(390);
    render(<List keep={['serial', 'version']} />);
    expect(headers().filter(Boolean)).toEqual(['Serial', 'Version']);
    expect(screen.queryByText('Norway')).toBeNull();

    const row = screen.getByRole('row', { name: /SN1 1\.0\.0/ });
    await userEvent.click(within(row).getByRole('button', { name: /expand/i }));

    expect(screen.getByText('Country')).toBeInTheDocument();
    expect(screen.getByText('Norway')).toBeInTheDocument();
    expect(screen.getByText('NOTE 1')).toBeInTheDocument();
  });

  it('when a phone list does not say which columns stay, then its first two stay', () => {
    restore = screenWidth(390);
    render(<List />);
    expect(headers().filter(Boolean)).toEqual(['Serial', 'Version']);
  });

  it('when the screen is a phone, then the short pagination still reaches the next page', async () => {
    restore = screenWidth(390);
    render(<List keep={['serial']} />);
    await userEvent.click(screen.getByRole('listitem', { name: 'Next Page' }));
    expect(screen.getByText('SN11')).toBeInTheDocument();
  });
});
