import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { startTestServer } from '../test/test-server';
import { resolveUpdatePath, UNPUBLISHED_DEMO_UPDATES, updatesRoot } from './update-library';

describe('the demo update library', () => {
  it('when a server is closed the moment it has started, then its manifests were all written first (nothing writes into its data folder afterwards)', async () => {
    const t = await startTestServer();
    await t.server.close();
    const root = updatesRoot(t.server.deps.config);
    const missing = UNPUBLISHED_DEMO_UPDATES.map((update) =>
      join(resolveUpdatePath(root, update.path).dir, 'manifest.json'),
    ).filter((file) => !existsSync(file));
    expect(missing).toEqual([]);
    await t.close();
  });
});
