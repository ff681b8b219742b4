import { Form, Select } from 'antd';
import { cloneElement, type ReactElement, type ReactNode } from 'react';
import { useReadSavedViewsQuery } from '@equipment-dashboard/api-client';
import { ALERTS_TEXTS as T } from './texts';

/**
 * One labelled field of a dialog's form, with a problem in place of its help: its one control takes the field's `id`,
 * which the label names.
 */
export function Field({
  id,
  label,
  problem,
  help,
  required,
  children,
}: {
  id: string;
  label: string;
  problem?: string;
  help?: ReactNode;
  required?: boolean;
  children: ReactElement<{ id?: string }>;
}) {
  return (
    <Form.Item
      label={label}
      htmlFor={id}
      required={required}
      validateStatus={problem ? 'error' : undefined}
      help={problem ?? help}
    >
      {cloneElement(children, { id })}
    </Form.Item>
  );
}

/** One of the user's saved views of the equipment list (their own and the shared ones). */
export function SavedViewSelect({
  id,
  value,
  onChange,
}: {
  id?: string;
  value: number | null;
  onChange: (viewId: number | null) => void;
}) {
  const views = useReadSavedViewsQuery({ screen: 'equipment' });
  return (
    <Select
      id={id}
      allowClear
      value={value ?? undefined}
      loading={views.isFetching}
      notFoundContent={T.noViews}
      options={(views.data ?? []).map((v) => ({ value: v.id, label: v.name }))}
      onChange={(viewId: number | undefined) => onChange(viewId ?? null)}
    />
  );
}
