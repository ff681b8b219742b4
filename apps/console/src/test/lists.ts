import { screen } from '@testing-library/react';
import { PAGE_SIZE } from '@equipment-dashboard/domain';
import type { FetchStub, StubHandler } from './fetch-stub';

/** A request's query as an object ({} for no request). */
export const queryOf = (request: Request | undefined): Record<string, string> =>
  request ? Object.fromEntries(new URL(request.url).searchParams) : {};

/**
 * A paged list route as the server answers it: the asked page (10 rows) of the rows that `keep` lets
 * through (the server's filters), and how many it let through. `rows` is read at each call, so a test
 * can change the list to play the server.
 */
export function pagedRoute<T>(
  rows: () => readonly T[],
  keep: (row: T, query: URLSearchParams) => boolean = () => true,
): StubHandler {
  return (request) => {
    const query = new URL(request.url).searchParams;
    const page = Number(query.get('page') ?? '1');
    const kept = rows().filter((row) => keep(row, query));
    return { docs: kept.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE), totalDocs: kept.length };
  };
}

/** The calls to a list path that carried the filter `name`, as query objects. */
export const callsFilteredBy = (stub: FetchStub, path: string, name: string) =>
  stub
    .callsTo(path)
    .map(queryOf)
    .filter((query) => query[name]);

/** The table's body rows (the header row left out). */
export const bodyRows = () => screen.getAllByRole('row').slice(1);

/** The table row whose text starts with `text` and a space. */
export const rowStarting = (text: string | number) =>
  screen.getByRole('row', { name: new RegExp(`^${text} `) });

/** The table shows a column headed by each of `names` (a RegExp matches a header that also holds a sort icon's text). */
export function expectColumns(names: readonly (string | RegExp)[]) {
  for (const name of names) expect(screen.getByRole('columnheader', { name })).toBeInTheDocument();
}
