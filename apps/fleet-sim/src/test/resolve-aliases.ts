import Module from 'node:module';
import { join } from 'node:path';

/**
 * jest's global setup runs in plain Node, outside jest's module registry, so the workspace path
 * aliases (tsconfig `paths`, jest `moduleNameMapper`) do not apply there. Map them here, before the
 * setup's other imports load.
 */
const root = join(__dirname, '../../../..');
const ALIASES: Record<string, string> = {
  '@equipment-dashboard/domain': join(root, 'libs/domain/src/index.ts'),
  '@equipment-dashboard/contract': join(root, 'libs/contract/src/index.ts'),
};
type Resolve = (request: string, ...rest: unknown[]) => string;
const moduleWithResolve = Module as unknown as { _resolveFilename: Resolve };
const original = moduleWithResolve._resolveFilename;
moduleWithResolve._resolveFilename = function resolveAlias(
  this: unknown,
  request: string,
  ...rest: unknown[]
) {
  return original.call(this, ALIASES[request] ?? request, ...rest);
};
