// The list pages both list benchmarks ask (tools/bench/cluster.mjs through the API, tools/bench/unit-index.ts of
// the index alone): every sort in both directions, the family, country, version and serial filters and
// their combinations, pages 1 to 50. One definition, so the two measure the same thing.

export const FAMILIES = ['aligner', 'gtps', 'aligner-oasis'];
const SORTS = ['serialNumber', 'softwareVersion', 'updatedAt', 'createdAt', 'countryCode', 'family'];

/** 300 equipment-list queries, as the list call takes them. */
export function equipmentQueries() {
  return Array.from({ length: 300 }, (_, i) => {
    const q = { page: 1 + (i % 50) };
    if (i % 3 === 1) q.filterFamily = FAMILIES[i % 3];
    if (i % 5 === 2) q.filterCountryCode = ['US', 'DE', 'BR', 'JP'][i % 4];
    // sortDesc alternates within each sort.
    q.sortBy = SORTS[Math.floor(i / 2) % SORTS.length];
    if (i % 2 === 1) q.sortDesc = true;
    if (i % 7 === 0) q.filterSerialNumber = ['AX', 'TP', 'CB', 'OA'][i % 4];
    if (i % 11 === 5) q.filterSoftwareVersion = ['5.', '4.3', '1.'][i % 3];
    return q;
  });
}

/** 100 update-scheduler queries: the first equipment queries, each on a family's table (no family filter). */
export function schedulerQueries() {
  return equipmentQueries()
    .slice(0, 100)
    .map(({ filterFamily: _family, ...q }, i) => ({ ...q, family: FAMILIES[i % 3] }));
}
