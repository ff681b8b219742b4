import { Checkbox, Form, Input, Select } from 'antd';
import { isSpecFilterValid, SPEC_TARGET_FAMILIES, type SpecTargetFamily } from '@equipment-dashboard/domain';
import { SPEC_TEXTS as T } from './texts';

/** What the create and edit dialogs set on a spec update (back-office §2.3). */
export interface SpecSettings {
  active: boolean;
  targetFamily: SpecTargetFamily;
  /** The filter as typed: comma-separated, split by libs/domain's parseSpecFilter when sent. */
  filter: string;
}

/**
 * Active, Target family and filter (back-office §2.3, §5): the filter must give at least one entry,
 * else the field says 'Required' (back-office §8) and the dialog hides Confirm or Update.
 */
export function SpecFields({
  idPrefix,
  value,
  onChange,
}: {
  idPrefix: string;
  value: SpecSettings;
  onChange: (next: SpecSettings) => void;
}) {
  const filterValid = isSpecFilterValid(value.filter);
  return (
    <>
      <Form.Item>
        <Checkbox
          checked={value.active}
          onChange={(event) => onChange({ ...value, active: event.target.checked })}
        >
          {T.activeField}
        </Checkbox>
      </Form.Item>
      <Form.Item label={T.targetFamilyField} htmlFor={`${idPrefix}-target-family`}>
        <Select<SpecTargetFamily>
          id={`${idPrefix}-target-family`}
          aria-label={T.targetFamilyField}
          value={value.targetFamily}
          onChange={(targetFamily) => onChange({ ...value, targetFamily })}
          options={SPEC_TARGET_FAMILIES.map((family) => ({ label: family, value: family }))}
        />
      </Form.Item>
      <Form.Item
        label={T.filterField}
        htmlFor={`${idPrefix}-filter`}
        validateStatus={filterValid ? undefined : 'error'}
        help={filterValid ? T.filterHelp : T.required}
      >
        <Input
          id={`${idPrefix}-filter`}
          value={value.filter}
          onChange={(event) => onChange({ ...value, filter: event.target.value })}
        />
      </Form.Item>
    </>
  );
}
