import { Button, Tooltip } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';

/** A round icon button that reads a card's data again; its icon spins while the data is being fetched. */
export function RefreshButton({
  label,
  fetching,
  onRefresh,
}: {
  label: string;
  fetching: boolean;
  onRefresh: () => unknown;
}) {
  return (
    <Tooltip title={label}>
      <Button
        type="text"
        shape="circle"
        aria-label={label}
        icon={<ReloadOutlined spin={fetching} />}
        onClick={() => void onRefresh()}
      />
    </Tooltip>
  );
}
