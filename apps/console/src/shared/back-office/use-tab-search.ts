import { useCallback, useRef } from 'react';
import { useSearchParams } from 'react-router';

/**
 * The open tab of a screen whose tabs each hold a list, in the URL as `tab` (the first tab leaves it
 * out). The open tab's list keeps its page and filters in the URL; when another tab opens they are put
 * aside, and they come back with their tab, so each tab still remembers where it was.
 */
export function useTabSearch<K extends string>(tabs: readonly K[], first: K): [K, (tab: K) => void] {
  const [search, setSearch] = useSearchParams();
  const aside = useRef<Partial<Record<K, string>>>({});
  const tab = tabs.find((key) => key === search.get('tab')) ?? first;

  const setTab = useCallback(
    (next: K) => {
      if (next === tab) return;
      const leaving = new URLSearchParams(search);
      leaving.delete('tab');
      aside.current[tab] = leaving.toString();
      const coming = new URLSearchParams(next === first ? '' : { tab: next });
      for (const [key, value] of new URLSearchParams(aside.current[next] ?? '')) coming.append(key, value);
      setSearch(coming);
    },
    [tab, first, search, setSearch],
  );
  return [tab, setTab];
}
