import { Input } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useEffect, useRef, useState, type CSSProperties } from 'react';
import type { ListFilters, ListSearch } from './use-list-search';

/** How long a typed filter waits before it asks the server: one call per word, not per keystroke. */
export const FILTER_PAUSE_MS = 300;

/**
 * A text filter of a server-paged list: its label is the placeholder and the accessible name. It follows
 * each keystroke on screen and hands the text on (trimmed, unless `trim` is false) once typing pauses (one
 * call per word, not per keystroke); it follows `value` when that changes elsewhere (back button, another
 * tab, a link, Clear Filters). A search icon leads it unless `icon` is false.
 */
export function FilterInput({
  label,
  value,
  onCommit,
  trim = true,
  icon = true,
  style = { width: 280, maxWidth: '100%' },
}: {
  label: string;
  value: string;
  onCommit: (value: string) => void;
  trim?: boolean;
  icon?: boolean;
  style?: CSSProperties;
}) {
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
    const next = trim ? text.trim() : text;
    if (next === sent.current) return undefined;
    const timer = setTimeout(() => {
      sent.current = next;
      commit.current(next);
    }, FILTER_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [text, trim]);

  return (
    <Input
      aria-label={label}
      placeholder={label}
      prefix={icon ? <SearchOutlined aria-hidden /> : undefined}
      allowClear
      value={text}
      onChange={(event) => setText(event.target.value)}
      style={style}
    />
  );
}

/** The names of a list's text filters. */
type TextFilterName<F extends ListFilters> = {
  [K in keyof F]: F[K] extends string ? K : never;
}[keyof F] &
  string;

/**
 * A text filter of a list whose view is in the URL (`useListSearch`): it shows the filter `name` and
 * writes the typed text there, replacing the history entry (typing is not a step to go back to).
 */
export function ListFilterInput<F extends ListFilters>({
  search,
  name,
  label,
}: {
  search: ListSearch<F>;
  name: TextFilterName<F>;
  label: string;
}) {
  return (
    <FilterInput
      label={label}
      value={search.filters[name] as string}
      onCommit={(value) => search.setFilters({ [name]: value } as Partial<F>, { replace: true })}
    />
  );
}
