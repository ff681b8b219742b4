import { Button, Checkbox, Flex, Input } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useEffect, useRef, useState } from 'react';
import { FILTER_PAUSE_MS } from '../../shared/back-office/filter-input';
import { ClearFiltersButton } from '../../shared/ui/clear-filters-button';
import { TEXT_FILTERS, type SchedulerParams, type SchedulerPatch, type TextFilter } from './scheduler-params';
import { SCHEDULER_TEXTS as T } from './texts';

const LABELS: Record<TextFilter, string> = {
  filterState: T.filterState,
  filterCountryCode: T.filterCountryCode,
  filterSoftwareVersion: T.filterSoftwareVersion,
  filterFamily: T.filterFamily,
  filterSerialNumber: T.filterSerialNumber,
};

/** Clear Filters: the boxes unticked and every text filter empty. */
const NO_FILTERS: SchedulerPatch = {
  onlyConnected: undefined,
  onlyStaged: undefined,
  ...Object.fromEntries(TEXT_FILTERS.map((key) => [key, undefined])),
};

/**
 * The table's toolbar (back-office §2.4): the Connected and Staged boxes, and text filters for state,
 * country code, software version, family and serial number (each matches the start of the value, in
 * any case). Every change goes back to page 1.
 */
type Texts = Record<TextFilter, string>;

const textsOf = (params: SchedulerParams): Texts =>
  Object.fromEntries(TEXT_FILTERS.map((key) => [key, params[key]])) as Texts;

/**
 * The text filters as typed: they follow each keystroke on screen and go to the URL (and the list call)
 * together once typing pauses, one call per word rather than per keystroke. They follow the URL when it
 * changes elsewhere (back button, Clear Filters, another family tab).
 */
function useTypedFilters(params: SchedulerParams, commit: (patch: SchedulerPatch) => void) {
  const fromUrl = textsOf(params);
  const urlKey = JSON.stringify(fromUrl);
  const [texts, setTexts] = useState<Texts>(fromUrl);
  const sent = useRef<Texts>(fromUrl);
  const commitRef = useRef(commit);
  useEffect(() => {
    commitRef.current = commit;
  });

  useEffect(() => {
    const next = JSON.parse(urlKey) as Texts;
    if (TEXT_FILTERS.every((key) => next[key] === sent.current[key])) return;
    sent.current = next;
    setTexts(next);
  }, [urlKey]);

  useEffect(() => {
    const changed = TEXT_FILTERS.filter((key) => texts[key] !== sent.current[key]);
    if (changed.length === 0) return undefined;
    const timer = setTimeout(() => {
      sent.current = { ...texts };
      commitRef.current(Object.fromEntries(changed.map((key) => [key, texts[key]])));
    }, FILTER_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [texts]);

  return {
    texts,
    setText: (key: TextFilter, value: string) => setTexts((current) => ({ ...current, [key]: value })),
  };
}

export function SchedulerToolbar({
  params,
  update,
  onRefresh,
  refreshing,
}: {
  params: SchedulerParams;
  update: (patch: SchedulerPatch, options?: { replace?: boolean }) => void;
  onRefresh: () => void;
  refreshing: boolean;
}) {
  const { texts, setText } = useTypedFilters(params, (patch) => update(patch, { replace: true }));
  const anyFilter =
    params.onlyConnected || params.onlyStaged || TEXT_FILTERS.some((key) => params[key] !== '');
  return (
    <Flex wrap gap={8} align="center" role="search" aria-label={T.filters} style={{ marginBottom: 16 }}>
      <Checkbox
        checked={params.onlyConnected}
        onChange={(event) => update({ onlyConnected: event.target.checked })}
      >
        {T.connected}
      </Checkbox>
      <Checkbox
        checked={params.onlyStaged}
        onChange={(event) => update({ onlyStaged: event.target.checked })}
      >
        {T.staged}
      </Checkbox>
      {TEXT_FILTERS.map((key) => (
        <Input
          key={key}
          aria-label={LABELS[key]}
          placeholder={LABELS[key]}
          value={texts[key]}
          allowClear
          onChange={(event) => setText(key, event.target.value)}
          style={{ width: 170 }}
        />
      ))}
      <ClearFiltersButton label={T.clearFilters} anyFilter={anyFilter} onClear={() => update(NO_FILTERS)} />
      <Button icon={<ReloadOutlined aria-hidden />} loading={refreshing} onClick={onRefresh}>
        {T.refresh}
      </Button>
    </Flex>
  );
}
