import { Alert, Button, Dropdown, Flex, Typography } from 'antd';
import { DownOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { bulkActionsFor, type BulkActionKind, type Role } from '@equipment-dashboard/domain';
import { BulkActionDialog } from './bulk-action-dialog';
import { BULK_TEXTS as T } from './bulk-texts';
import { CaptureScenarioButton } from './capture-scenario-button';
import type { BulkSelection } from './use-bulk-selection';

export interface BulkActionsBarProps {
  selection: BulkSelection;
  role: Role | undefined;
}

/**
 * Above the equipment table while units are selected: how many, the offer to select all units
 * matching the filters once the page is selected, and the actions menu (only what the role may do).
 */
export function BulkActionsBar({ selection, role }: BulkActionsBarProps) {
  const [action, setAction] = useState<BulkActionKind | null>(null);
  const actions = bulkActionsFor(role);
  if (selection.count === 0 && action === null) return null;

  return (
    <>
      {selection.count > 0 && (
        <Alert
          type="info"
          style={{ marginBottom: 12 }}
          role="region"
          aria-label={T.actions}
          title={
            <Flex gap={12} align="center" wrap>
              <Typography.Text strong>
                {selection.allMatching ? T.allMatchingSelected(selection.count) : T.selected(selection.count)}
              </Typography.Text>
              {selection.canSelectAllMatching && (
                <Button type="link" size="small" onClick={selection.selectAllMatching}>
                  {T.selectAllMatching(selection.total)}
                </Button>
              )}
              <Button type="link" size="small" onClick={selection.clear}>
                {T.clearSelection}
              </Button>
              <Dropdown
                trigger={['click']}
                menu={{
                  items: actions.map((kind) => ({ key: kind, label: T.action[kind] })),
                  onClick: ({ key }) => setAction(key as BulkActionKind),
                }}
              >
                <Button type="primary" size="small">
                  {T.actions} <DownOutlined aria-hidden />
                </Button>
              </Dropdown>
              <CaptureScenarioButton selection={selection} role={role} />
            </Flex>
          }
        />
      )}
      {action && (
        <BulkActionDialog
          action={action}
          count={selection.count}
          selection={selection.body}
          onFinished={selection.clear}
          onClose={() => setAction(null)}
        />
      )}
    </>
  );
}
