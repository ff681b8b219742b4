import type { CameraCalibration } from '@equipment-dashboard/contract';
import { useTestServer } from '../../test/test-server';

describe('camera calibrations (back-office §2.10, §3, §7.6)', () => {
  const t = useTestServer({ users: ['guest'] });

  const read = async (query: Record<string, string> = {}) => {
    const res = await t.as('guest').get('/read/camera_cals/v1/').query(query);
    expect(res.status).toBe(200);
    return res.body as { docs: CameraCalibration[]; totalDocs: number };
  };

  it('when the list is read, then records come 10 a page, newest first, in the nested shape with 3x3 matrices', async () => {
    const list = await read();
    expect(list.docs).toHaveLength(10);
    expect(list.totalDocs).toBeGreaterThan(10);
    const dates = list.docs.map((c) => c.Date);
    expect([...dates].sort().reverse()).toEqual(dates);
    const board = list.docs[0]?.LeftBoards[0];
    expect(board?.CameraCal.IM).toHaveLength(3);
    expect(board?.AccelCal.Gain).toHaveLength(9);
  });

  it('when filtered by the start of a right board serial, in lower case, then the record holding it is found', async () => {
    const record = (await read({ page: '3' })).docs[0];
    const serial = record?.RightBoards.at(-1)?.SerialNumber ?? '';
    const found = await read({ filterSerialNumber: serial.toLowerCase() });
    expect(found.totalDocs).toBe(1);
    expect(found.docs[0]?.id).toBe(record?.id);
    const prefix = await read({ filterSerialNumber: serial.slice(0, 5) });
    expect(
      prefix.docs.every((c) =>
        [...c.LeftBoards, ...c.RightBoards].some((b) => b.SerialNumber.startsWith(serial.slice(0, 5))),
      ),
    ).toBe(true);
  });

  it('when a filter matches nothing or holds LIKE wildcards, then the list is empty; a bad page is 400', async () => {
    expect((await read({ filterSerialNumber: 'NOPE' })).totalDocs).toBe(0);
    expect((await read({ filterSerialNumber: '%' })).totalDocs).toBe(0);
    expect((await t.as('guest').get('/read/camera_cals/v1/').query({ page: '0' })).status).toBe(400);
  });
});
