import { Button, Drawer, Flex } from 'antd';
import { FilterOutlined } from '@ant-design/icons';
import { useState, type CSSProperties, type ReactNode } from 'react';
import { useIsPhone } from '../responsive';
import { SHARED_TEXTS as T } from '../texts';

/**
 * A list's filters: in line on a tablet or a desktop; on a phone a "Filters" button (saying how many are set) that
 * opens them in a sheet from the bottom of the screen, one under the other at the full width. What is typed there
 * applies as on a desktop; Show results closes the sheet. `inline` lays the filters out where they stay in line.
 */
export function FiltersSheet({
  children,
  set = 0,
  inline = (filters) => filters,
  buttonStyle,
}: {
  children: ReactNode;
  /** How many filters are set (the button says it). */
  set?: number;
  inline?: (filters: ReactNode) => ReactNode;
  /** Where the phone's Filters button stands (its margins). */
  buttonStyle?: CSSProperties;
}) {
  const phone = useIsPhone();
  const [open, setOpen] = useState(false);
  if (!phone) return <>{inline(children)}</>;
  return (
    <>
      <div style={buttonStyle}>
        <Button icon={<FilterOutlined aria-hidden />} aria-haspopup="dialog" onClick={() => setOpen(true)}>
          {T.filters(set)}
        </Button>
      </div>
      <Drawer
        open={open}
        placement="bottom"
        title={T.filtersTitle}
        rootClassName="filters-sheet"
        size="auto"
        onClose={() => setOpen(false)}
        closable={{ 'aria-label': T.closeDialog }}
        footer={
          <Button type="primary" block onClick={() => setOpen(false)}>
            {T.showResults}
          </Button>
        }
      >
        <Flex vertical gap={12}>
          {children}
        </Flex>
      </Drawer>
    </>
  );
}
