import { Descriptions, List, Tag, Typography, type DescriptionsProps } from 'antd';
import type { Pairing } from '@equipment-dashboard/contract';
import { formatDateTime } from '../../shared/equipment/format';
import type { PairingState } from './pairings-tab';
import { TRUPOINT_TEXTS as T } from './texts';
import { ViewDialog } from '../../shared/back-office/view-dialog';

/**
 * A pairing's details (back-office §2.9): the fields of its list (Active adds Updated At, Aborted adds
 * Reason) and a scrolling list of its calibrations, each with name, state, passed flag and report message
 * (or 'None'); 'NO CALIBRATIONS' when there are none. Cancel and the close icon close it.
 */
export function PairingDetailDialog({
  pairing,
  state,
  onClose,
}: {
  pairing: Pairing;
  state: PairingState;
  onClose: () => void;
}) {
  const fields: NonNullable<DescriptionsProps['items']> = [
    { key: 'vendor', label: T.vendor, children: pairing.vendor },
    { key: 'vendorKey', label: T.vendorKey, children: pairing.vendorKey },
    { key: 'alignmentId', label: T.alignmentId, children: pairing.alignmentId },
    { key: 'serial', label: T.truPointSerialNumber, children: pairing.truPointSerialNumber },
    { key: 'createdAt', label: T.createdAt, children: formatDateTime(pairing.createdAt) },
  ];
  if (state === 'active')
    fields.push({ key: 'updatedAt', label: T.updatedAt, children: formatDateTime(pairing.updatedAt) });
  if (state === 'aborted') fields.push({ key: 'reason', label: T.reason, children: pairing.reason ?? '' });

  return (
    <ViewDialog title={T.dialogTitle} width={760} onClose={onClose}>
      <Descriptions bordered size="small" column={1} items={fields} />
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        {T.calibrations}
      </Typography.Title>
      {pairing.calibrations.length === 0 ? (
        <Typography.Text type="secondary">{T.noCalibrations}</Typography.Text>
      ) : (
        <div style={{ maxHeight: 320, overflowY: 'auto' }} aria-label={T.calibrations} role="list">
          <List
            size="small"
            bordered
            dataSource={pairing.calibrations}
            renderItem={(calibration, index) => (
              <List.Item key={`${calibration.name}-${index}`} role="listitem">
                <Descriptions
                  size="small"
                  column={{ xs: 1, sm: 2 }}
                  style={{ width: '100%' }}
                  items={[
                    { key: 'name', label: T.name, children: <strong>{calibration.name}</strong> },
                    { key: 'state', label: T.state, children: calibration.state },
                    {
                      key: 'passed',
                      label: T.passed,
                      children: (
                        <Tag color={calibration.passed ? 'green' : 'red'}>
                          {calibration.passed ? T.yes : T.no}
                        </Tag>
                      ),
                    },
                    {
                      key: 'reportMessage',
                      label: T.reportMessage,
                      children: calibration.reportMessage ?? T.none,
                    },
                  ]}
                />
              </List.Item>
            )}
          />
        </div>
      )}
    </ViewDialog>
  );
}
