import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ensureUpdateLibrary, updatesRoot } from '../../services/update-library';
import { bearer, latestOf } from '../../test/fleet-helpers';
import { connectLive } from '../../test/live-socket';
import { useTestServer } from '../../test/test-server';

describe('software and spec update publishing (back-office §2.2, §2.3, §4, §7.2, §8)', () => {
  const t = useTestServer({ users: ['engineer', 'support'] });
  let root: string;
  beforeAll(async () => {
    root = updatesRoot(t.server.deps.config);
  });

  const post = (path: string, payload: object, user = 'engineer') => t.as(user).post(path).send(payload);
  const validate = (path: string, updatePath: string, token = t.token('engineer')) =>
    t.http.post(path).set(bearer(token)).send({ updatePath });

  describe('the update library', () => {
    it('when the server starts on a fresh store, then every published update has a manifest and a few newer ones wait to be published', async () => {
      await validate('/validate_software_update_at_path/v1', '/updates/aligner/5.6.0');
      const latest = latestOf(t, 'aligner');
      const manifest = JSON.parse(readFileSync(join(root, 'aligner', latest, 'manifest.json'), 'utf8'));
      expect(manifest).toMatchObject({
        version: { semantic: latest },
        family: 'aligner',
        prerequisites: { require: expect.any(String) },
      });
      const spec = JSON.parse(readFileSync(join(root, 'specs', 'US-2027-01', 'manifest.json'), 'utf8'));
      expect(spec.version).toEqual({ name: 'US-2027-01', month: 1, year: 2027, semantic: '2027.1.0' });
    });

    it('when the library is prepared again, then nothing is rewritten', async () => {
      expect(await ensureUpdateLibrary(t.server.deps)).toBe(0);
    });
  });

  describe('validating a path', () => {
    it('when a path holds an aligner manifest, then its version, prerequisites and family come back', async () => {
      const res = await validate('/validate_software_update_at_path/v1', '/updates/aligner/5.6.0');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        version: { semantic: '5.6.0', meta: 'build 2600', path: '/updates/aligner/5.6.0' },
        prerequisites: { require: '5.0.0' },
        family: 'aligner',
      });
      const short = await validate('/validate_software_update_at_path/v1', 'aligner/5.6.0/');
      expect(short.body.version.path).toBe('/updates/aligner/5.6.0');
    });

    it('when no manifest.json is at the path, then 404 with the body the console shows its message for', async () => {
      const res = await validate('/validate_gtps_software_update_at_path/v1', '/updates/gtps/9.9.9');
      expect(res.status).toBe(404);
      expect(res.body.error).toBe('MANIFEST_NOT_FOUND');
    });

    it('when the path climbs out of the updates folder, then 400', async () => {
      for (const path of ['../../etc', '/updates/../../etc', 'aligner/../../x']) {
        const res = await validate('/validate_software_update_at_path/v1', path);
        expect({ path, status: res.status, code: res.body.code }).toEqual({
          path,
          status: 400,
          code: 'path_outside_updates_root',
        });
      }
    });

    it('when the manifest is not JSON, not a manifest, or of another family, then 422', async () => {
      mkdirSync(join(root, 'broken', 'a'), { recursive: true });
      writeFileSync(join(root, 'broken', 'a', 'manifest.json'), '{ not json');
      mkdirSync(join(root, 'broken', 'b'), { recursive: true });
      writeFileSync(
        join(root, 'broken', 'b', 'manifest.json'),
        JSON.stringify({ version: { semantic: 'banana' } }),
      );
      expect((await validate('/validate_software_update_at_path/v1', 'broken/a')).status).toBe(422);
      expect((await validate('/validate_software_update_at_path/v1', 'broken/b')).status).toBe(422);
      const wrongFamily = await validate(
        '/validate_oasis_software_update_at_path/v1',
        '/updates/aligner/5.6.0',
      );
      expect(wrongFamily.status).toBe(422);
      expect(wrongFamily.body.error).not.toBe('MANIFEST_NOT_FOUND');
    });

    it('when support validates, then 403', async () => {
      expect(
        (await validate('/validate_software_update_at_path/v1', '/updates/aligner/5.6.0', t.token('support')))
          .status,
      ).toBe(403);
    });
  });

  describe('publishing a software update', () => {
    it('when an engineer publishes the validated 5.6.0, then consoles hear of it, it becomes the latest, and a second time is 409', async () => {
      const socket = await connectLive(t.url, t.token('engineer'));
      const heard = new Promise((r) => socket.once('NEW_SOFTWARE_UPDATE_CREATED', r));
      const manifest = (await validate('/validate_software_update_at_path/v1', '/updates/aligner/5.6.0'))
        .body;
      const body = {
        version: manifest.version,
        prerequisite: manifest.prerequisites.require,
        family: 'aligner',
        path: '/updates/aligner/5.6.0',
      };
      const res = await post('/create/update/v1', {
        ...body,
        version: { semantic: '5.6.0', meta: 'build 2600' },
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        family: 'aligner',
        version: { semantic: '5.6.0', meta: 'build 2600' },
        path: '/updates/aligner/5.6.0',
        prerequisite: '5.0.0',
      });
      await expect(heard).resolves.toEqual({
        family: 'aligner',
        version: { semantic: '5.6.0', meta: 'build 2600' },
        path: '/updates/aligner/5.6.0',
      });
      socket.close();
      expect(latestOf(t, 'aligner')).toBe('5.6.0');
      const again = await post('/create/update/v1', {
        ...body,
        version: { semantic: '5.6.0', meta: 'build 2600' },
      });
      expect(again.status).toBe(409);
    });

    it.each([
      ['the body version is not the manifest version', 'gtps', '1.7.0', 'version_mismatch'],
      ['the family is not the call family', 'aligner', '1.6.1', 'family_mismatch'],
    ])('when %s, then 400 %s', async (_case, family, semantic, code) => {
      const base = { prerequisite: '1.2.0', path: '/updates/gtps/1.6.1' };
      const res = await post('/create/gtps_update/v1', { ...base, family, version: { semantic, meta: '' } });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe(code);
    });

    it('when the Tru-Point 1.6.1 is published at its path, then it is stored as a gtps update', async () => {
      const res = await post('/create/gtps_update/v1', {
        family: 'gtps',
        version: { semantic: '1.6.1', meta: '' },
        prerequisite: '1.2.0',
        path: 'gtps/1.6.1',
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ family: 'gtps', path: '/updates/gtps/1.6.1' });
      expect(latestOf(t, 'gtps')).toBe('1.6.1');
    });

    it('when a path has no manifest at publishing time, then 404 MANIFEST_NOT_FOUND; support is refused with 403', async () => {
      const oasis = (semantic: string, meta: string) => ({
        family: 'aligner-oasis',
        version: { semantic, meta },
        path: `/updates/aligner-oasis/${semantic}`,
      });
      const missing = await post('/create/oasis_update/v1', oasis('9.0.0', ''));
      expect(missing.status).toBe(404);
      expect(missing.body.error).toBe('MANIFEST_NOT_FOUND');
      const refused = await post('/create/oasis_update/v1', oasis('2.2.0', 'Oasis 2'), 'support');
      expect(refused.status).toBe(403);
    });
  });

  describe('spec updates', () => {
    const version2027 = { name: 'US-2027-01', month: 1, year: 2027, semantic: '2027.1.0' };
    /** The body of the edit dialog for the 2027 release, to all families and every unit. */
    const specEdit = (active: boolean) => ({
      path: '/updates/specs/US-2027-01',
      version: version2027,
      active,
      targetFamily: 'all',
      filter: ['*'],
    });

    it('when the list is read, then spec releases come 10 a page, newest first, in the contract shape', async () => {
      const res = await t.as('support').get('/read/spec_updates/v1/').query({ page: 1 });
      expect(res.status).toBe(200);
      expect(res.body.docs).toHaveLength(10);
      expect(res.body.totalDocs).toBeGreaterThan(10);
      const created = res.body.docs.map((d: { createdAt: string }) => d.createdAt);
      expect([...created].sort().reverse()).toEqual(created);
    });

    it('when a spec path is validated, then the manifest version and prerequisites come back', async () => {
      const res = await validate('/validate_spec_update_at_path/v1', '/updates/specs/US-2027-01');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        version: version2027,
        prerequisites: { require: '5.0.0', gtpsRequire: '1.3.0', oasisRequire: '' },
      });
      expect((await validate('/validate_spec_update_at_path/v1', '/updates/specs/nothing')).body.error).toBe(
        'MANIFEST_NOT_FOUND',
      );
    });

    it('when a spec update is created with a filter, then it is listed first with the manifest version, and a second one at the path is 409', async () => {
      const body = {
        path: '/updates/specs/US-2027-01',
        version: version2027,
        prerequisites: { require: '5.0.0', gtpsRequire: '1.3.0', oasisRequire: '' },
        active: true,
        targetFamily: 'aligner',
        filter: ['AXA, AXB', 'AXA'],
      };
      const res = await post('/create/spec_update/v1', body);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        path: '/updates/specs/US-2027-01',
        version: version2027,
        targetFamily: 'aligner',
        filter: ['AXA', 'AXB'],
        active: true,
      });
      const list = await t.as('support').get('/read/spec_updates/v1/');
      expect(list.body.docs[0].path).toBe('/updates/specs/US-2027-01');
      expect((await post('/create/spec_update/v1', body)).status).toBe(409);
    });

    it('when the filter is empty or the version is not the manifest one, then 400', async () => {
      const body = {
        path: '/updates/specs/US-2027-01',
        version: version2027,
        prerequisites: { require: '', gtpsRequire: '', oasisRequire: '' },
      };
      expect((await post('/create/spec_update/v1', { ...body, filter: [] })).status).toBe(400);
      expect((await post('/create/spec_update/v1', { ...body, filter: [',', ' '] })).status).toBe(400);
      const other = await post('/create/spec_update/v1', {
        ...body,
        version: { ...version2027, name: 'EU-2027-01' },
      });
      expect(other.status).toBe(400);
    });

    it('when a spec update is edited, then active, target family and filter change; another version is 409; an unknown path 404', async () => {
      const edit = specEdit(false);
      const res = await post('/update/spec_update/v1', edit);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        active: false,
        targetFamily: 'all',
        filter: ['*'],
        version: version2027,
      });
      expect(Date.parse(res.body.updatedAt)).toBeGreaterThanOrEqual(Date.parse(res.body.createdAt));
      const conflict = await post('/update/spec_update/v1', {
        ...edit,
        version: { ...version2027, semantic: '2027.1.1' },
      });
      expect(conflict.status).toBe(409);
      const unknown = await post('/update/spec_update/v1', { ...edit, path: '/updates/specs/none' });
      expect(unknown.status).toBe(404);
    });

    it('when support creates or edits a spec update, then 403', async () => {
      const edit = specEdit(true);
      expect((await post('/update/spec_update/v1', edit, 'support')).status).toBe(403);
      expect(
        (await validate('/validate_spec_update_at_path/v1', '/updates/specs/US-2027-01', t.token('support')))
          .status,
      ).toBe(403);
    });
  });
});
