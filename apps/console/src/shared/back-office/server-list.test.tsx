import { StyleProvider } from '@ant-design/cssinjs';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Checkbox } from 'antd';
import { MemoryRouter, useLocation } from 'react-router';
import { PAGE_SIZE } from '@equipment-dashboard/domain';
import { FilterInput } from './filter-input';
import { ServerList, type PagedResult } from './server-list';
import { useListSearch } from './use-list-search';

interface Row {
  id: number;
  name: string;
}

const ROWS: Row[] = Array.from({ length: 12 }, (_, i) => ({
  id: i + 1,
  name: i < 2 ? `ann ${i + 1}` : `bob ${i + 1}`,
}));
const FILTERS = { filterName: '', onlyOdd: false };

/** What the server would answer for a view: the matching rows of the page, and how many match. */
function answer(page: number, filterName: string, onlyOdd: boolean): PagedResult<Row> {
  const rows = ROWS.filter((row) => row.name.includes(filterName) && (!onlyOdd || row.id % 2 === 1));
  return {
    data: { docs: rows.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE), totalDocs: rows.length },
    isFetching: false,
    refetch: () => undefined,
  };
}

/** A screen built the way the back-office screens are: the view in the URL, the list below its filters. */
function Screen({ result, emptyText }: { result?: PagedResult<Row>; emptyText?: string }) {
  const search = useListSearch(FILTERS);
  const { page, filters, setFilters } = search;
  return (
    <ServerList<Row>
      result={result ?? answer(page, filters.filterName, filters.onlyOdd)}
      search={search}
      rowKey="id"
      columns={[
        { key: 'id', title: 'ID', dataIndex: 'id' },
        { key: 'name', title: 'Name', dataIndex: 'name' },
      ]}
      emptyText={emptyText}
      filters={
        <>
          <FilterInput
            label="filter name"
            value={filters.filterName}
            onCommit={(filterName) => setFilters({ filterName }, { replace: true })}
          />
          <Checkbox checked={filters.onlyOdd} onChange={(e) => setFilters({ onlyOdd: e.target.checked })}>
            Only odd
          </Checkbox>
        </>
      }
    />
  );
}

function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{`${location.pathname}${location.search}`}</div>;
}

function renderList(entry = '/List', props: { result?: PagedResult<Row>; emptyText?: string } = {}) {
  const user = userEvent.setup({ delay: null });
  render(
    <StyleProvider mock="server">
      <MemoryRouter initialEntries={[entry]}>
        <Screen {...props} />
        <LocationProbe />
      </MemoryRouter>
    </StyleProvider>,
  );
  return { user, location: () => screen.getByTestId('location').textContent };
}

const names = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[1]?.textContent);

describe('the server-paged list', () => {
  it('when it opens, then 10 rows show with the total, and the items-per-page selector shows but is disabled', () => {
    renderList();
    expect(names()).toHaveLength(10);
    expect(screen.getByText('12 in all')).toBeInTheDocument();
    expect(document.querySelector('.ant-pagination-options .ant-select')).toHaveClass('ant-select-disabled');
    expect(screen.getByRole('combobox', { name: 'Items per page' })).toBeInTheDocument();
  });

  it('when another page is clicked, then it goes to the URL and its rows show', async () => {
    const { user, location } = renderList();
    await user.click(screen.getByTitle('2'));
    expect(location()).toBe('/List?page=2');
    expect(names()).toEqual(['bob 11', 'bob 12']);
    await user.click(screen.getByTitle('1'));
    expect(location()).toBe('/List');
  });

  it('when a filter is typed, then it goes to the URL once typing pauses, trimmed, and the list starts again at page 1', async () => {
    const { user, location } = renderList('/List?page=2');
    await user.type(screen.getByRole('textbox', { name: 'filter name' }), ' ann ');
    expect(screen.getByRole('textbox', { name: 'filter name' })).toHaveValue(' ann ');
    await waitFor(() => expect(location()).toBe('/List?filterName=ann'));
    expect(names()).toEqual(['ann 1', 'ann 2']);
    await user.click(screen.getByRole('checkbox', { name: 'Only odd' }));
    expect(location()).toBe('/List?filterName=ann&onlyOdd=true');
    expect(names()).toEqual(['ann 1']);
  });

  it('when the URL carries a view, then the list opens on it and the filter shows its text', () => {
    renderList('/List?filterName=bob&onlyOdd=true&page=1');
    expect(screen.getByRole('textbox', { name: 'filter name' })).toHaveValue('bob');
    expect(screen.getByRole('checkbox', { name: 'Only odd' })).toBeChecked();
    expect(names()).toEqual(['bob 3', 'bob 5', 'bob 7', 'bob 9', 'bob 11']);
  });

  it('when the page is past the end, then the last page shows instead and the URL says so', async () => {
    const { location } = renderList('/List?page=5');
    await waitFor(() => expect(location()).toBe('/List?page=2'));
    expect(names()).toEqual(['bob 11', 'bob 12']);
  });

  it("when the list cannot be loaded, then the server's sentence shows with Retry, which asks again", async () => {
    const refetch = jest.fn();
    const { user } = renderList('/List', {
      result: {
        error: { status: 500, data: { error: 'The store is not answering.', code: 'internal' } },
        isFetching: false,
        refetch,
      },
    });
    expect(screen.getByRole('alert')).toHaveTextContent('The store is not answering.');
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(refetch).toHaveBeenCalledTimes(1);
  });

  it('when a page is empty and the screen gives an empty text, then it shows', () => {
    const empty: PagedResult<Row> = {
      data: { docs: [], totalDocs: 0 },
      isFetching: false,
      refetch: () => undefined,
    };
    renderList('/List', { result: empty, emptyText: 'No rows match.' });
    expect(screen.getByText('No rows match.')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("when a page is empty and the screen gives no empty text, then antd's own shows", () => {
    const empty: PagedResult<Row> = {
      data: { docs: [], totalDocs: 0 },
      isFetching: false,
      refetch: () => undefined,
    };
    renderList('/List', { result: empty });
    expect(screen.getAllByText('No data').length).toBeGreaterThan(0);
  });
});
