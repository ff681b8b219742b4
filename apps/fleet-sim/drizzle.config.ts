import { defineConfig } from 'drizzle-kit';

// `node tools/scripts/generate-migration.mjs <name>` writes the next SQL migration
// from store/schema.ts; commit it with the schema change. The server applies them at start.
export default defineConfig({
  dialect: 'postgresql',
  schema: './apps/fleet-sim/src/store/schema.ts',
  out: './apps/fleet-sim/src/store/migrations',
});
