import { render, screen, within } from '@testing-library/react';
import { Table } from 'antd';
import { withSelectAllTitle } from './select-all-title';

interface Row {
  id: number;
}

/** The title as the table renders it: the column's own copy, or the copy in its hidden measure row. */
function Title({ hidden }: { hidden: boolean }) {
  const selection = withSelectAllTitle<Row>({ onChange: () => undefined });
  const title = selection?.columnTitle;
  const checkbox = <input type="checkbox" aria-label="Select all" />;
  const copy = typeof title === 'function' ? title(checkbox) : title;
  return (
    <table>
      <tbody>
        <tr aria-hidden={hidden || undefined}>
          <td>{copy}</td>
        </tr>
      </tbody>
    </table>
  );
}

describe('the selection column of a table', () => {
  it('when the table copies Select all into its hidden measure row, then that copy holds no checkbox', () => {
    render(<Title hidden />);
    expect(screen.queryByRole('checkbox', { hidden: true })).toBeNull();
  });

  it('when Select all is in the visible header, then it stays focusable', () => {
    render(<Title hidden={false} />);
    const box = screen.getByRole('checkbox', { name: 'Select all' });
    expect(box.closest('[inert]')).toBeNull();
    box.focus();
    expect(box).toHaveFocus();
  });

  it('when the table mounts while the screen is hidden (the busy overlay of the first load), then its header keeps Select all', () => {
    const table = (
      <Table<Row>
        rowKey="id"
        dataSource={[{ id: 1 }]}
        columns={[{ title: 'Id', dataIndex: 'id' }]}
        scroll={{ x: 400 }}
        rowSelection={withSelectAllTitle<Row>({ onChange: () => undefined })}
      />
    );
    const { container, rerender } = render(<div aria-hidden>{table}</div>);
    rerender(<div>{table}</div>);
    const header = container.querySelector('thead') as HTMLElement;
    expect(within(header).getByRole('checkbox', { name: 'Select all' })).toBeInTheDocument();
  });

  it('when a table gives its own title or takes one row, then the selection is left as it is', () => {
    const own = { columnTitle: 'Pick' };
    expect(withSelectAllTitle<Row>(own)).toBe(own);
    const radio = { type: 'radio' as const };
    expect(withSelectAllTitle<Row>(radio)).toBe(radio);
    expect(withSelectAllTitle<Row>(undefined)).toBeUndefined();
  });
});
