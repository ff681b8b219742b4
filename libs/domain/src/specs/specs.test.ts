import fc from 'fast-check';
import {
  isFiltered,
  isSpecFilterValid,
  isSpecTargetFamily,
  isUnknownSpecVersion,
  parseSpecFilter,
  specFilterText,
  specStatisticsChartData,
  specTargetsFamily,
} from './specs';

describe('spec filter', () => {
  it('when the text has commas and spaces, then it splits, trims and drops empties', () => {
    // back-office §5: The text is split on commas into a list.
    expect(parseSpecFilter(' AB1, CB2 ,,TP*, ')).toEqual(['AB1', 'CB2', 'TP*']);
  });

  it('when there is no text, then the default is *', () => {
    // back-office §5: The default is '*'.
    expect(parseSpecFilter(undefined)).toEqual(['*']);
    expect(isSpecFilterValid(undefined)).toBe(true);
  });

  it('when the text is empty or only commas, then the filter is invalid', () => {
    // back-office §5: The filter must be non-empty. An empty filter makes the dialog invalid.
    expect(parseSpecFilter('')).toEqual([]);
    expect(isSpecFilterValid('')).toBe(false);
    expect(isSpecFilterValid(' , ,')).toBe(false);
  });

  it('when any text is parsed, then no entry is empty or padded and joining round-trips', () => {
    // back-office §5: split on commas into a list
    fc.assert(
      fc.property(fc.string(), (text) => {
        const list = parseSpecFilter(text);
        for (const entry of list) expect(entry).toBe(entry.trim());
        expect(list).not.toContain('');
        expect(parseSpecFilter(specFilterText(list))).toEqual(list);
      }),
    );
  });

  it('when the list has no * and at least one entry, then it is Filtered', () => {
    // back-office §2.3: Filtered is true when the filter list has no '*' and at least one entry.
    expect(isFiltered(['AB1'])).toBe(true);
    expect(isFiltered(['*'])).toBe(false);
    expect(isFiltered(['AB1', '*'])).toBe(false);
    expect(isFiltered([])).toBe(false);
    expect(specFilterText(['AB1', 'CB2'])).toBe('AB1,CB2');
  });
});

describe('target family', () => {
  it('when the target family is all, then it applies to every family; otherwise only to its own', () => {
    // back-office §5: Target family must be one of all, aligner, gtps, aligner-oasis.
    expect(specTargetsFamily('all', 'gtps')).toBe(true);
    expect(specTargetsFamily('gtps', 'gtps')).toBe(true);
    expect(specTargetsFamily('aligner', 'aligner-oasis')).toBe(false);
    expect(isSpecTargetFamily('aligner-oasis')).toBe(true);
    expect(isSpecTargetFamily('truck')).toBe(false);
  });
});

describe('specStatisticsChartData', () => {
  it('when versions are unknown, blank, contain ? or have 1 or fewer units, then they are left out', () => {
    // back-office §2.3: Left out: versions with a total of 1 or less, versions that are unknown, the unknown marker, and versions containing '?'
    const data = specStatisticsChartData([
      { version: '21.03.NA.2', total: 5 },
      { version: 'Unknown', total: 50 },
      { version: '', total: 50 },
      { version: '21.0?.NA', total: 50 },
      { version: '22.01.EU.1', total: 1 },
      { version: '22.01.EU.2', total: 0 },
    ]);
    expect(data).toEqual([{ version: '21.03.NA.2', total: 5 }]);
    expect(isUnknownSpecVersion(null)).toBe(true);
  });

  it('when versions are kept, then they sort by major part, then by the text from the 7th character', () => {
    // back-office §2.3: Sorted by the major part of the version, then by the text from the 7th character on.
    const data = specStatisticsChartData([
      { version: '100.01.AA.1', total: 2 },
      { version: '21.12.NA.9', total: 2 },
      { version: '21.01.NA.3', total: 2 },
      { version: '9.99.ZZ.1', total: 2 },
      { version: '21.05.EU.1', total: 2 },
      { version: 'X.1', total: 2 },
    ]);
    expect(data.map((d) => d.version)).toEqual([
      '9.99.ZZ.1',
      '21.05.EU.1',
      '21.01.NA.3',
      '21.12.NA.9',
      '100.01.AA.1',
      'X.1',
    ]);
  });

  it('when the input is sorted, then it is not changed', () => {
    // back-office §2.3: chart data is derived (pure function)
    const input = [
      { version: '2.0', total: 3 },
      { version: '1.0', total: 3 },
    ];
    specStatisticsChartData(input);
    expect(input[0]?.version).toBe('2.0');
  });
});
