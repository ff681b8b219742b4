import { Button, Flex, Input, Select } from 'antd';
import { ClearOutlined } from '@ant-design/icons';
import { useEffect, useRef, useState } from 'react';
import { FAMILIES, type Family } from '@equipment-dashboard/domain';
import type { ListParams, ListParamsPatch, TextFilter } from './list-params';
import { EQUIPMENT_TEXTS as T } from './texts';

/** How long typing pauses before a filter goes to the URL (and the list call). */
const FILTER_DEBOUNCE_MS = 300;

/**
 * A text filter that answers every keystroke at once but sends the value only when typing pauses.
 * It follows the URL when the URL changes from elsewhere (back button, Clear Filters).
 */
function FilterInput({ label, value, onCommit }: { label: string; value: string; onCommit: (value: string) => void }) {
  const [text, setText] = useState(value);
  const sent = useRef(value);
  const commit = useRef(onCommit);
  useEffect(() => {
    commit.current = onCommit;
  });

  useEffect(() => {
    if (value === sent.current) return;
    sent.current = value;
    setText(value);
  }, [value]);

  useEffect(() => {
    if (text === sent.current) return undefined;
    const timer = setTimeout(() => {
      sent.current = text;
      commit.current(text);
    }, FILTER_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  return (
    <Input
      aria-label={label}
      placeholder={label}
      value={text}
      allowClear
      onChange={(event) => setText(event.target.value)}
      style={{ width: 200 }}
    />
  );
}

const TEXT_FILTER_LABELS: Record<TextFilter, string> = {
  filterSerialNumber: T.serialNumber,
  filterCountryCode: T.countryCode,
  filterSoftwareVersion: T.softwareVersion,
};

/**
 * The list's filters (console-core §2): serial number, country code, software version (prefix matches,
 * any case) and family. Each change goes back to page 1.
 */
export function FilterBar({ params, update }: { params: ListParams; update: (patch: ListParamsPatch, options?: { replace?: boolean }) => void }) {
  const anyFilter =
    params.filterSerialNumber !== '' ||
    params.filterCountryCode !== '' ||
    params.filterSoftwareVersion !== '' ||
    params.filterFamily !== undefined;

  return (
    <Flex wrap gap={8} role="search" aria-label={T.filters} style={{ marginBottom: 16 }}>
      {(Object.keys(TEXT_FILTER_LABELS) as TextFilter[]).map((key) => (
        <FilterInput
          key={key}
          label={TEXT_FILTER_LABELS[key]}
          value={params[key]}
          onCommit={(value) => update({ [key]: value }, { replace: true })}
        />
      ))}
      <Select<Family | ''>
        aria-label={T.family}
        value={params.filterFamily ?? ''}
        onChange={(value) => update({ filterFamily: value === '' ? undefined : value })}
        options={[{ label: T.allFamilies, value: '' }, ...FAMILIES.map((family) => ({ label: family, value: family }))]}
        style={{ width: 170 }}
      />
      <Button
        icon={<ClearOutlined aria-hidden />}
        disabled={!anyFilter}
        onClick={() =>
          update({
            filterSerialNumber: undefined,
            filterCountryCode: undefined,
            filterSoftwareVersion: undefined,
            filterFamily: undefined,
          })
        }
      >
        {T.clearFilters}
      </Button>
    </Flex>
  );
}
