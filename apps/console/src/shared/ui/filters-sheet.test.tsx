import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Input } from 'antd';
import { screenWidth } from '../../test/screen-width';
import { FiltersSheet } from './filters-sheet';

function Filters({ set = 0 }: { set?: number }) {
  return (
    <FiltersSheet set={set} inline={(filters) => <div role="search">{filters}</div>}>
      <Input aria-label="serial number" />
    </FiltersSheet>
  );
}

describe('a list filters sheet', () => {
  let restore: () => void = () => undefined;
  afterEach(() => restore());

  it('when the screen is a desktop, then the filters show in line and there is no Filters button', () => {
    render(<Filters />);
    expect(screen.getByRole('search')).toContainElement(screen.getByLabelText('serial number'));
    expect(screen.queryByRole('button', { name: /Filters/ })).toBeNull();
  });

  it('when the screen is a phone, then the filters open in a sheet from the Filters button and Show results closes it', async () => {
    restore = screenWidth(390);
    render(<Filters set={2} />);
    expect(screen.queryByLabelText('serial number')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Filters (2)' }));
    const sheet = screen.getByRole('dialog', { name: 'Filters' });
    await userEvent.type(screen.getByLabelText('serial number'), 'AB12');
    expect(screen.getByLabelText('serial number')).toHaveValue('AB12');

    await userEvent.click(screen.getByRole('button', { name: 'Show results' }));
    expect(sheet).not.toBeVisible();
  });

  it('when no filter is set on a phone, then the button says Filters alone', () => {
    restore = screenWidth(390);
    render(<Filters />);
    expect(screen.getByRole('button', { name: 'Filters' })).toBeInTheDocument();
  });
});
