import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router';
import { NO_FILTERS, useListSearch } from './use-list-search';
import { useTabSearch } from './use-tab-search';

const TABS = ['first', 'second'] as const;

function List() {
  const { page, setPage } = useListSearch(NO_FILTERS);
  return (
    <button type="button" onClick={() => setPage(page + 1)}>
      {`page ${page}`}
    </button>
  );
}

function Screen() {
  const [tab, setTab] = useTabSearch(TABS, 'first');
  const location = useLocation();
  return (
    <>
      {TABS.map((key) => (
        <button key={key} type="button" aria-pressed={tab === key} onClick={() => setTab(key)}>
          {key}
        </button>
      ))}
      <List key={tab} />
      <div data-testid="location">{location.search}</div>
    </>
  );
}

describe('the open tab in the URL', () => {
  it('when another tab opens, then it shows in the URL and each tab keeps its own page', async () => {
    const user = userEvent.setup({ delay: null });
    render(
      <MemoryRouter initialEntries={['/Screen']}>
        <Screen />
      </MemoryRouter>,
    );
    const search = () => screen.getByTestId('location').textContent;
    await user.click(screen.getByRole('button', { name: 'page 1' }));
    await user.click(screen.getByRole('button', { name: 'page 2' }));
    expect(search()).toBe('?page=3');

    await user.click(screen.getByRole('button', { name: 'second' }));
    expect(search()).toBe('?tab=second');
    await user.click(screen.getByRole('button', { name: 'page 1' }));
    expect(search()).toBe('?tab=second&page=2');

    await user.click(screen.getByRole('button', { name: 'first' }));
    expect(search()).toBe('?page=3');
    expect(screen.getByRole('button', { name: 'page 3' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'second' }));
    expect(search()).toBe('?tab=second&page=2');
  });

  it('when the URL names a tab, then it opens on it with its page', () => {
    render(
      <MemoryRouter initialEntries={['/Screen?tab=second&page=4']}>
        <Screen />
      </MemoryRouter>,
    );
    expect(screen.getByRole('button', { name: 'second' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'page 4' })).toBeInTheDocument();
  });

  it('when the URL names no known tab, then the first opens', () => {
    render(
      <MemoryRouter initialEntries={['/Screen?tab=third']}>
        <Screen />
      </MemoryRouter>,
    );
    expect(screen.getByRole('button', { name: 'first' })).toHaveAttribute('aria-pressed', 'true');
  });
});
