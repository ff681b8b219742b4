import { Flex } from 'antd';
import { FilterInput } from '../../shared/back-office/filter-input';
import { ConnectedFilterSelect, FamilyFilterSelect } from '../../shared/equipment/filter-selects';
import { FiltersSheet } from '../../shared/ui/filters-sheet';
import { ClearFiltersButton } from '../../shared/ui/clear-filters-button';
import type { ListParams, ListParamsPatch, TextFilter } from './list-params';
import { EQUIPMENT_TEXTS as T } from './texts';

const TEXT_FILTER_LABELS: Record<TextFilter, string> = {
  filterSerialNumber: T.serialNumber,
  filterCountryCode: T.countryCode,
  filterSoftwareVersion: T.softwareVersion,
};

/** Clear Filters: every filter back to its empty value. */
const NO_FILTERS: ListParamsPatch = {
  filterSerialNumber: undefined,
  filterCountryCode: undefined,
  filterSoftwareVersion: undefined,
  filterFamily: undefined,
  filterConnected: undefined,
};

/**
 * The list's filters (console-core §2): serial number, country code, software version (prefix matches,
 * any case), family, and Connected (Yes, No or either). Each change goes back to page 1.
 */
export function FilterBar({
  params,
  update,
}: {
  params: ListParams;
  update: (patch: ListParamsPatch, options?: { replace?: boolean }) => void;
}) {
  const set = [
    params.filterSerialNumber !== '',
    params.filterCountryCode !== '',
    params.filterSoftwareVersion !== '',
    params.filterFamily !== undefined,
    params.filterConnected !== undefined,
  ].filter(Boolean).length;
  const anyFilter = set > 0;

  return (
    <FiltersSheet
      set={set}
      buttonStyle={{ marginBottom: 16 }}
      inline={(filters) => (
        <Flex wrap gap={8} role="search" aria-label={T.filters} style={{ marginBottom: 16 }}>
          {filters}
        </Flex>
      )}
    >
      {(Object.keys(TEXT_FILTER_LABELS) as TextFilter[]).map((key) => (
        <FilterInput
          key={key}
          label={TEXT_FILTER_LABELS[key]}
          value={params[key]}
          onCommit={(value) => update({ [key]: value }, { replace: true })}
          // The list's filters keep their look (no search icon, narrower) and go to the URL as typed.
          trim={false}
          icon={false}
          style={{ width: 200 }}
        />
      ))}
      <FamilyFilterSelect value={params.filterFamily} onChange={(filterFamily) => update({ filterFamily })} />
      <ConnectedFilterSelect
        value={params.filterConnected}
        onChange={(filterConnected) => update({ filterConnected })}
      />
      <ClearFiltersButton label={T.clearFilters} anyFilter={anyFilter} onClear={() => update(NO_FILTERS)} />
    </FiltersSheet>
  );
}
