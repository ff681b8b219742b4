import { Button } from 'antd';
import { ClearOutlined } from '@ant-design/icons';

/** A list toolbar's Clear Filters: disabled while no filter is set. */
export function ClearFiltersButton({
  label,
  anyFilter,
  onClear,
}: {
  label: string;
  anyFilter: boolean;
  onClear: () => void;
}) {
  return (
    <Button icon={<ClearOutlined aria-hidden />} disabled={!anyFilter} onClick={onClear}>
      {label}
    </Button>
  );
}
