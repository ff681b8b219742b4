// The console's lint: the workspace config plus the console's boundaries, one zone per feature. A single
// glob zone (`from: features/*/**`, `except: ['./']`) is rejected by eslint-plugin-import ("exceptions
// must be glob patterns when `from` contains glob patterns"), so every import inside a feature failed;
// one zone per feature says the same rule in a form the plugin accepts.
import { readdirSync } from 'node:fs';
import workspace from '../../eslint.config.mjs';

const featuresDir = new URL('./src/features/', import.meta.url);
const features = readdirSync(featuresDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const boundaries = [
  ...features.map((feature) => ({
    target: `./apps/console/src/features/${feature}`,
    from: './apps/console/src/features',
    except: [`./${feature}`],
    message: 'A feature must not import another feature; move the shared piece to src/shared.',
  })),
  {
    target: './apps/console/src/shared',
    from: './apps/console/src/features',
    message: 'src/shared must not depend on a feature.',
  },
];

// src/shared sits below src/app. It may use the store's typed hooks (app/store.ts, the one file the
// conventions ask for) and nothing else of the app; shared/testing renders the whole app by design.
const sharedBelowApp = {
  target: './apps/console/src/shared',
  from: './apps/console/src/app',
  except: ['./store.ts'],
  message: 'src/shared must not depend on src/app (shell, router, providers, live channel).',
};

export default [
  ...workspace,
  // This file itself: the workspace applies TypeScript rules to .mjs files without the TypeScript plugin.
  { ignores: ['apps/console/eslint.config.mjs'] },
  {
    files: ['apps/console/**/*.ts', 'apps/console/**/*.tsx'],
    rules: {
      // RTK's lazy slices declare themselves by module augmentation: `interface LazyLoadedSlices extends WithSlice<...> {}`.
      '@typescript-eslint/no-empty-object-type': ['error', { allowInterfaces: 'with-single-extends' }],
      '@typescript-eslint/no-empty-interface': ['error', { allowSingleExtends: true }],
      'import/no-restricted-paths': ['error', { zones: boundaries }],
    },
  },
  {
    files: ['apps/console/src/shared/**/*.ts', 'apps/console/src/shared/**/*.tsx'],
    ignores: ['apps/console/src/shared/testing/**'],
    rules: {
      'import/no-restricted-paths': ['error', { zones: [...boundaries, sharedBelowApp] }],
    },
  },
];
