import type { CsvColumn } from '@equipment-dashboard/contract';
import { csvCellText } from '@equipment-dashboard/domain';
import { stringify } from 'csv-stringify/sync';
import fc from 'fast-check';
import { csvChunks, csvLines, EXPORT_CHUNK, READS_AHEAD, rowsBySerial } from './csv-export-service';

type Row = readonly string[];
const columnsOf = (n: number): CsvColumn<Row>[] =>
  Array.from({ length: n }, (_, i) => ({ header: `c${i}`, cell: (row: Row) => row[i] }));

async function collect<T>(batches: AsyncIterable<readonly T[]>): Promise<T[][]> {
  const out: T[][] = [];
  for await (const batch of batches) out.push([...batch]);
  return out;
}

describe('csvLines: rows written without csv-stringify when it would not quote them', () => {
  it("when cells hold anything (quotes, commas, line breaks, formulas, non-ASCII), then the text is csv-stringify's for the same cells", () => {
    const cell = fc.oneof(
      fc.string(),
      fc.constantFrom('', ',', '"', '\r', '\n', '\r\n', '=1+1', '-2', ' a ', 'Zoë 東京', "'x"),
    );
    fc.assert(
      fc.property(
        fc
          .integer({ min: 1, max: 6 })
          .chain((n) => fc.tuple(fc.constant(n), fc.array(fc.array(cell, { minLength: n, maxLength: n })))),
        ([n, rows]) => {
          const expected =
            rows.length === 0
              ? ''
              : stringify(
                  rows.map((r) => r.map((c) => csvCellText(c))),
                  { record_delimiter: 'windows' },
                );
          expect(csvLines(columnsOf(n), rows)).toBe(expected);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('when an export streams, then the byte order mark and header come first, then a chunk per batch', async () => {
    async function* batches() {
      yield [['A1', 'x,y']];
      yield [];
      yield [['=cmd', 'plain']];
    }
    const chunks = await collect(
      (async function* () {
        for await (const c of csvChunks(columnsOf(2), batches())) yield [c];
      })(),
    );
    expect(chunks.flat()).toEqual(['\ufeffc0,c1\r\n', 'A1,"x,y"\r\n', "'=cmd,plain\r\n"]);
  });
});

describe("rowsBySerial: rows in the serials' order, a few chunks read ahead", () => {
  const serials = (n: number) => Array.from({ length: n }, (_, i) => `S${String(i).padStart(7, '0')}`);

  it("when the store answers chunks in any order and lacks some units, then rows come in the serials' order without them, chunk by chunk", async () => {
    const all = serials(EXPORT_CHUNK * 2 + 17);
    const gone = new Set([all[3], all[EXPORT_CHUNK], all[all.length - 1]]);
    const chunkSizes: number[] = [];
    const batches = await collect(
      rowsBySerial(
        all[Symbol.iterator](),
        async (chunk) => {
          chunkSizes.push(chunk.length);
          return chunk.filter((s) => !gone.has(s)).reverse();
        },
        (s) => s,
        (s) => `row ${s}`,
      ),
    );
    expect(chunkSizes).toEqual([EXPORT_CHUNK, EXPORT_CHUNK, 17]);
    expect(batches).toHaveLength(3);
    expect(batches.flat()).toEqual(all.filter((s) => !gone.has(s)).map((s) => `row ${s}`));
  });

  it('when the rows are taken slowly, then at most READS_AHEAD chunks are read beyond the one being written (memory stays flat)', async () => {
    const all = serials(EXPORT_CHUNK * 10);
    let started = 0;
    let taken = 0;
    let mostAhead = 0;
    const reads = rowsBySerial(
      all[Symbol.iterator](),
      async (chunk) => {
        started += 1;
        return [...chunk];
      },
      (s) => s,
      (s) => s,
    );
    for await (const batch of reads) {
      taken += 1;
      expect(batch).toHaveLength(EXPORT_CHUNK);
      await new Promise((resolve) => setTimeout(resolve, 5));
      mostAhead = Math.max(mostAhead, started - taken);
    }
    expect(taken).toBe(10);
    expect(mostAhead).toBe(READS_AHEAD);
  });

  it('when no serial matches, then no batch and no read', async () => {
    const read = jest.fn(async () => []);
    expect(
      await collect(
        rowsBySerial(
          [][Symbol.iterator](),
          read,
          (s: string) => s,
          (s) => s,
        ),
      ),
    ).toEqual([]);
    expect(read).not.toHaveBeenCalled();
  });
});
