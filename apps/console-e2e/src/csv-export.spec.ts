import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import type { ListRow, Paged } from '@equipment-dashboard/contract';
import { parse } from 'csv-parse/sync';
import { api, GTPS_BY_SERIAL, openEquipmentList, signIn } from './support/console';
import { admin } from './support/fleet';

/** Every row of a list, page after page, as the API answers it. */
async function everyPage(path: string): Promise<ListRow[]> {
  const token = await admin();
  const rows: ListRow[] = [];
  for (let page = 1; ; page++) {
    const answer = await api<Paged<ListRow>>(token, `${path}&page=${page}`);
    rows.push(...answer.docs);
    if (answer.docs.length === 0 || rows.length >= answer.totalDocs) return rows;
  }
}

test.describe('CSV export', () => {
  test('when the equipment list is filtered and exported, then the downloaded file holds the header row and every matching unit, not one page', async ({
    page,
  }) => {
    await signIn(page, 'support');
    await openEquipmentList(page, GTPS_BY_SERIAL, 2);
    await expect(page.getByRole('row').nth(1)).toBeVisible();

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: /Export CSV/ }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^equipment-\d{4}-\d\d-\d\d\.csv$/);
    const text = await readFile((await download.path()) as string, 'utf8');
    await expect(page.getByText(/equipment-.*\.csv was downloaded\./)).toBeVisible();

    expect(text.startsWith('\ufeff')).toBe(true);
    const [header, ...rows] = parse(text.slice(1)) as string[][];
    expect(header).toEqual([
      'Serial Number',
      'Country',
      'Family',
      'Software Version',
      'Created At',
      'Updated At',
    ]);
    const expected = await everyPage(`/read/aligners/v1/?${GTPS_BY_SERIAL}`);
    expect(expected.length).toBeGreaterThan(10);
    expect(rows.map((row) => row[0])).toEqual(expected.map((unit) => unit.serialNumber));
    expect(rows.every((row) => row[2] === 'gtps')).toBe(true);
    expect(rows.map((row) => row[1])).toEqual(expected.map((unit) => unit.geolocation.country_code));
  });
});
