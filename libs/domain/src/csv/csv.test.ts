import fc from 'fast-check';
import { CSV_FORMULA_TRIGGERS, csvCellText, escapeCsvCell } from './csv';

describe('escapeCsvCell (OWASP CSV injection)', () => {
  it.each([
    ['=1+2', "'=1+2"],
    ['+1', "'+1"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1:A2)', "'@SUM(A1:A2)"],
    ['\t=cmd', "'\t=cmd"],
    ['\r=cmd', "'\r=cmd"],
    ['=HYPERLINK("http://evil.example","click")', '\'=HYPERLINK("http://evil.example","click")'],
  ])(
    'when a cell starts with a formula trigger (%j), then it gets a leading single quote',
    (cell, escaped) => {
      expect(escapeCsvCell(cell)).toBe(escaped);
    },
  );

  it.each([
    ['', ''],
    ['AL1234567', 'AL1234567'],
    ['a=b', 'a=b'],
    [' =1', ' =1'],
    ["'=1", "'=1"],
    ['Zürich, "Ærø" – 東京', 'Zürich, "Ærø" – 東京'],
    ['line\nbreak', 'line\nbreak'],
  ])('when a cell does not start with a trigger (%j), then it is left as it is', (cell, same) => {
    expect(escapeCsvCell(cell)).toBe(same);
  });

  it('when any text is escaped, then it does not start with a trigger and dropping the added quote gives it back', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.constantFrom(...CSV_FORMULA_TRIGGERS).chain((t) => fc.string().map((s) => t + s)),
        ),
        (text) => {
          const escaped = escapeCsvCell(text);
          expect(CSV_FORMULA_TRIGGERS).not.toContain(escaped.charAt(0));
          const added = escaped.length - text.length;
          expect(added === 0 || added === 1).toBe(true);
          expect(escaped.slice(added)).toBe(text);
          expect(added === 1).toBe(CSV_FORMULA_TRIGGERS.includes(text.charAt(0)));
        },
      ),
    );
  });
});

describe('csvCellText', () => {
  it.each([
    [null, ''],
    [undefined, ''],
    [0, '0'],
    [7, '7'],
    [-12.5, "'-12.5"],
    [true, 'yes'],
    [false, 'no'],
    ['-12', "'-12"],
    ['plain', 'plain'],
  ] as const)('when the value is %j, then the cell reads %j', (value, text) => {
    expect(csvCellText(value)).toBe(text);
  });
});
