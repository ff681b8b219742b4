import { Select } from 'antd';
import { FAMILIES, type Family } from '@equipment-dashboard/domain';
import { UNIT_TEXTS as T } from './texts';

/** A Connected filter's value as the URL holds it: Yes, No, or either (absent). */
export type ConnectedFilter = 'true' | 'false' | undefined;

/** The Family filter of the equipment list and the fleet map: one family, or all of them (absent). */
export function FamilyFilterSelect({
  value,
  onChange,
}: {
  value: Family | undefined;
  onChange: (family: Family | undefined) => void;
}) {
  return (
    <Select<Family | ''>
      aria-label={T.family}
      value={value ?? ''}
      onChange={(next) => onChange(next === '' ? undefined : next)}
      options={[
        { label: T.allFamilies, value: '' },
        ...FAMILIES.map((family) => ({ label: family, value: family })),
      ]}
      style={{ width: 170 }}
    />
  );
}

/** The Connected filter of the equipment list and the fleet map: Yes, No, or either. */
export function ConnectedFilterSelect({
  value,
  onChange,
}: {
  value: ConnectedFilter;
  onChange: (connected: ConnectedFilter) => void;
}) {
  return (
    <Select<'true' | 'false' | ''>
      aria-label={T.connected}
      value={value ?? ''}
      onChange={(next) => onChange(next === '' ? undefined : next)}
      options={[
        { label: T.connectedAny, value: '' },
        { label: T.connectedYes, value: 'true' },
        { label: T.connectedNo, value: 'false' },
      ]}
      style={{ width: 170 }}
    />
  );
}
