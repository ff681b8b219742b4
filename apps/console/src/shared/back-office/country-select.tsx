import { Select } from 'antd';
import { type Country } from '@equipment-dashboard/contract';
import { useReadAlignerCountriesQuery } from '@equipment-dashboard/api-client';
import { BACK_OFFICE_TEXTS as T } from './texts';

export interface CountrySelectProps {
  id?: string;
  /** A country code of the aligner countries list. */
  value: string | null;
  onChange: (code: string | null, country: Country | null) => void;
  status?: 'error';
  label?: string;
  onBlur?: () => void;
}

/**
 * A country of GET /read/aligner_countries/v1 (back-office §3: "A market is a countryCode from the
 * aligner countries list"): shows the name and the code, holds the code; type to search.
 */
export function CountrySelect({
  id,
  value,
  onChange,
  status,
  label = T.country,
  onBlur,
}: CountrySelectProps) {
  const { data, isLoading, isError } = useReadAlignerCountriesQuery();
  const countries = data ?? [];
  return (
    <Select
      id={id}
      aria-label={label}
      value={value ?? undefined}
      status={isError ? 'error' : status}
      placeholder={isError ? T.countriesFailed : undefined}
      loading={isLoading}
      showSearch={{ optionFilterProp: 'label' }}
      allowClear
      onBlur={onBlur}
      options={countries.map((country) => ({
        value: country.countryCode,
        label: `${country.countryName} (${country.countryCode})`,
      }))}
      onChange={(code: string | undefined) => {
        const country = countries.find((c) => c.countryCode === code) ?? null;
        onChange(country ? country.countryCode : null, country);
      }}
      style={{ width: '100%' }}
    />
  );
}
