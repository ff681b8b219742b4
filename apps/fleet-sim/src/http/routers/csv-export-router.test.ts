import { CSV_EXPORTS, type CsvExportDef } from '@equipment-dashboard/contract';
import { can, csvCellText, PERMISSIONS, ROLES } from '@equipment-dashboard/domain';
import { parse } from 'csv-parse/sync';
import {
  bearer,
  latestOf,
  setSpeed,
  settle,
  stageableTo,
  stagingBody,
  ticketBody,
  unitWhere,
} from '../../test/fleet-helpers';
import { useTestServer, type SuiteServer } from '../../test/test-server';

const TODAY = () => new Date().toISOString().slice(0, 10);

/** The export's answer as the rows a spreadsheet reads (header first), the byte order mark checked and dropped. */
function rowsOf(text: string): string[][] {
  expect(text.startsWith('\ufeff')).toBe(true);
  return parse(text.slice(1), { relax_column_count: false }) as string[][];
}

/** Every page of a list call as the console would read it, one after the other, until its total. */
async function everyPage<Row>(
  t: SuiteServer,
  user: string,
  path: string,
  query: Record<string, string>,
): Promise<Row[]> {
  const rows: Row[] = [];
  for (let page = 1; ; page++) {
    const res = await t
      .as(user)
      .get(path)
      .query({ ...query, page });
    expect(res.status).toBe(200);
    rows.push(...(res.body.docs as Row[]));
    if (res.body.docs.length === 0 || rows.length >= res.body.totalDocs) return rows;
  }
}

const exportOf = (name: string) => CSV_EXPORTS.find((def) => def.list.name === name) as CsvExportDef;

describe('CSV exports of the server-paged lists', () => {
  const t = useTestServer({ users: ['admin', 'support'] });
  beforeAll(async () => {
    // Stopped simulated time: units do not change between an export and the pages it is compared with.
    await setSpeed(t, 0);
    await settle(t);
  });

  it('when admin exports the equipment list, then a UTF-8 CSV attachment holds the header row and every unit, not one page', async () => {
    const res = await t.as('admin').get('/read/aligners/v1/export.csv');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="equipment-${TODAY()}.csv"`);
    const [header, ...rows] = rowsOf(res.text);
    expect(header).toEqual([
      'Serial Number',
      'Country',
      'Family',
      'Software Version',
      'Created At',
      'Updated At',
    ]);
    const list = await t.as('admin').get('/read/aligners/v1/').query({ page: 1 });
    expect(rows).toHaveLength(list.body.totalDocs);
    expect(rows.length).toBeGreaterThan(10);
    expect(rows.slice(0, 10).map((r) => r[0])).toEqual(
      list.body.docs.map((d: { serialNumber: string }) => d.serialNumber),
    );
  });

  it.each([
    [{ filterFamily: 'gtps', sortBy: 'updatedAt', sortDesc: 'true' }],
    [{ filterCountryCode: 'u', sortBy: 'countryCode' }],
    [{ filterSoftwareVersion: '5', sortBy: 'softwareVersion', sortDesc: 'true', page: '3' }],
  ])(
    'when the equipment list is exported with %j, then its rows are the filtered list in its order, page ignored',
    async (query) => {
      const res = await t.as('admin').get('/read/aligners/v1/export.csv').query(query);
      expect(res.status).toBe(200);
      const [, ...rows] = rowsOf(res.text);
      const { page: _page, ...filters } = query as Record<string, string>;
      const listed = await everyPage<{
        serialNumber: string;
        family: string;
        softwareVersion: string;
        updatedAt: string;
      }>(t, 'admin', '/read/aligners/v1/', filters);
      expect(rows.length).toBeGreaterThan(0);
      expect(rows).toEqual(
        listed.map((u) => [
          u.serialNumber,
          expect.any(String),
          u.family,
          u.softwareVersion,
          expect.any(String),
          u.updatedAt,
        ]),
      );
    },
  );

  it('when an update scheduler list is exported filtered and sorted, then it is every page of that list, with its columns', async () => {
    const query = { onlyConnected: 'true', sortBy: 'state' };
    const res = await t.as('admin').get('/read/updatescheduler_gtps/v1/export.csv').query(query);
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toContain('update-scheduler-tru-points-');
    const [header, ...rows] = rowsOf(res.text);
    expect(header).toEqual(exportOf('scheduler.readUpdateschedulerGtps').columns.map((c) => c.header));
    const listed = await everyPage<{ serialNumber: string; connected: boolean }>(
      t,
      'admin',
      '/read/updatescheduler_gtps/v1/',
      query,
    );
    expect(rows.map((r) => r[0])).toEqual(listed.map((d) => d.serialNumber));
    expect(rows.every((r) => r[8] === 'yes')).toBe(true);
  });

  it.each([
    ['/read/aligners/v1/', 'equipment.readAligners', {}],
    [
      '/read/updatescheduler_aligners/v1/',
      'scheduler.readUpdateschedulerAligners',
      { sortBy: 'lastSeenOnlineAt', sortDesc: 'true' },
    ],
    ['/read/updatescheduler_gtps/v1/', 'scheduler.readUpdateschedulerGtps', {}],
    [
      '/read/updatescheduler_aligners_oasis/v1/',
      'scheduler.readUpdateschedulerAlignersOasis',
      { sortBy: 'state' },
    ],
  ])(
    "when %s is exported (%s, %j) with units staged, then every cell is the list row's own, through the export's columns",
    async (path, name, query) => {
      // The export reads only the columns it shows (store/repos/unit-export-repo.ts): this compares each of its cells
      // with the list's full rows, so a column reading a field the export does not select fails here.
      const def = exportOf(name);
      for (const [family, infix] of [
        ['aligner', ''],
        ['gtps', 'gtps_'],
        ['aligner-oasis', 'oasis_'],
      ] as const) {
        const latest = latestOf(t, family);
        const unit = await unitWhere(t, stageableTo(family, latest, ''));
        const body = stagingBody(unit.serialNumber, latest, `/updates/${family}/${latest}`);
        expect(
          (await t.as('admin').post(`/create/immediate_stage_of_${infix}software_update/v1`).send(body))
            .status,
        ).toBe(200);
      }
      await settle(t);
      const res = await t.as('admin').get(`${path}export.csv`).query(query);
      expect(res.status).toBe(200);
      const [, ...rows] = rowsOf(res.text);
      const listed = await everyPage<never>(t, 'admin', path, query);
      expect(rows.length).toBeGreaterThan(0);
      expect(rows).toEqual(listed.map((row) => def.columns.map((c) => csvCellText(c.cell(row)))));
      if (name !== 'equipment.readAligners') expect(rows.some((r) => r[5] === 'yes')).toBe(true);
    },
  );

  it('when tickets hold formula text and non-ASCII names, then the export escapes the formulas and keeps every character, over more than one page', async () => {
    const unit = await unitWhere(t, (u) => u.family === 'aligner');
    const names = [
      '=HYPERLINK("http://evil.example","x")',
      '+1+1',
      '-2+3',
      '@SUM(A1)',
      '\tTab',
      'Zoë Ærø, 東京 "quoted"',
    ];
    for (let i = 0; i < 12; i++) {
      const created = await t
        .as('support')
        .post('/create/ticket/v1')
        .send(ticketBody(unit, { originatorName: names[i % names.length], description: `export ${i}` }));
      expect(created.status).toBe(200);
    }
    const res = await t.as('support').get('/read/tickets/v1/export.csv');
    expect(res.status).toBe(200);
    const [header, ...rows] = rowsOf(res.text);
    expect(header).toEqual([
      'ID',
      'Serial Number',
      'Status',
      'Opened At',
      'Opened By',
      'Closed By',
      "Caller's Name",
    ]);
    const listed = await everyPage<{ id: number }>(t, 'support', '/read/tickets/v1/', {});
    expect(listed.length).toBeGreaterThan(10);
    expect(rows.map((r) => Number(r[0]))).toEqual(listed.map((d) => d.id));
    const callers = rows.map((r) => r[6]);
    expect(callers).toEqual(
      expect.arrayContaining([
        '\'=HYPERLINK("http://evil.example","x")',
        "'+1+1",
        "'-2+3",
        "'@SUM(A1)",
        "'\tTab",
        'Zoë Ærø, 東京 "quoted"',
      ]),
    );
    expect(callers.some((c = '') => /^[=+\-@\t\r]/.test(c))).toBe(false);
    // On the wire: the quote inside the cell, csv-stringify's quoting around it, and UTF-8 bytes.
    expect(res.text).toContain('"\'=HYPERLINK(""http://evil.example"",""x"")"');
    expect(Buffer.from(res.text, 'utf8').includes(Buffer.from('東京', 'utf8'))).toBe(true);
  });

  it('when every declared export is asked for by admin, then each served list answers its header row', async () => {
    for (const def of CSV_EXPORTS) {
      const res = await t.as('admin').get(def.path);
      if (res.status === 501 || res.status === 404) continue; // a list this server does not serve yet
      expect({ path: def.path, status: res.status }).toEqual({ path: def.path, status: 200 });
      expect(rowsOf(res.text)[0]).toEqual(def.columns.map((c) => c.header));
    }
  });

  it('when the export is asked without a token, then 401, as the list', async () => {
    expect((await t.http.get('/read/aligners/v1/export.csv')).status).toBe(401);
    expect((await t.http.get('/read/users/v1/export.csv')).status).toBe(401);
  });

  it('when a role without the list permission exports it, then 403, as the list', async () => {
    const noUsers = ROLES.find((role) => !can(role, PERMISSIONS.usersAdmin)) as string;
    const noScheduler = ROLES.find((role) => !can(role, PERMISSIONS.viewUpdateScheduler)) as string;
    expect(
      (await t.http.get('/read/users/v1/export.csv').set(bearer(await t.tokenFor(noUsers)))).status,
    ).toBe(403);
    expect(
      (
        await t.http
          .get('/read/updatescheduler_aligners/v1/export.csv')
          .set(bearer(await t.tokenFor(noScheduler)))
      ).status,
    ).toBe(403);
  });

  it.each([
    ['/read/aligners/v1/export.csv', { filterFamily: 'toaster' }],
    ['/read/aligners/v1/export.csv', { sortBy: 'password' }],
    ['/read/updatescheduler_aligners/v1/export.csv', { onlyStaged: 'maybe' }],
    ['/read/users/v1/export.csv', { page: '-1' }],
  ])('when %s is asked with a bad query %j, then 400 with details, as the list', async (path, query) => {
    const res = await t.as('admin').get(path).query(query);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: expect.any(String), details: expect.anything() });
  });
});
