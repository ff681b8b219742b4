import { Select } from 'antd';
import { useState } from 'react';
import { useReadAlertRulesQuery } from '@equipment-dashboard/api-client';

/** A rule chosen by name: the rules whose name matches what is typed, asked of the server (rules are paged). */
export function RuleSelect({
  id,
  label,
  placeholder,
  value,
  onChange,
  width = '100%',
}: {
  id?: string;
  /** The accessible name when no visible label points at `id`. */
  label?: string;
  placeholder?: string;
  value: number | null;
  onChange: (ruleId: number | null) => void;
  width?: number | string;
}) {
  const [typed, setTyped] = useState('');
  const rules = useReadAlertRulesQuery({ page: 1, filterName: typed || undefined });
  return (
    <Select
      id={id}
      aria-label={label}
      placeholder={placeholder}
      allowClear
      showSearch={{ filterOption: false, onSearch: setTyped }}
      loading={rules.isFetching}
      style={{ width }}
      value={value ?? undefined}
      options={(rules.data?.docs ?? []).map((rule) => ({ value: rule.id, label: rule.name }))}
      onChange={(ruleId: number | undefined) => onChange(ruleId ?? null)}
    />
  );
}
