import { SingleBar, Presets } from 'cli-progress';
import type { Config } from '../config/config';
import { loadSerialPrefixes } from '../config/serial-prefixes';
import { seedUnits } from '../seed';
import { openDatabase } from '../store/database';

/** `fleet-sim seed --size N`: adds N generated units to the store, with a progress bar. */
export async function runSeedCommand(config: Config, size: number): Promise<void> {
  const prefixes = loadSerialPrefixes(config.SERIAL_PREFIXES_FILE);
  const database = await openDatabase({
    dataDir: config.DATA_DIR,
    databaseUrl: config.DATABASE_URL,
    schemaName: config.DATABASE_SCHEMA,
  });
  const bar = new SingleBar(
    { format: 'seeding units [{bar}] {percentage}% | {value}/{total} | {eta_formatted} left' },
    Presets.shades_classic,
  );
  const started = Date.now();
  try {
    bar.start(size, 0);
    const { inserted } = await seedUnits(database.db, {
      seed: config.FLEET_SEED,
      count: size,
      prefixes,
      now: new Date(),
      onProgress: (done) => bar.update(done),
    });
    bar.stop();
    const seconds = (Date.now() - started) / 1000;
    console.log(
      `Added ${inserted} units in ${seconds.toFixed(1)} s (${Math.round(inserted / seconds)} units/s) to the ${database.kind} store.`,
    );
    await database.checkpoint();
  } finally {
    bar.stop();
    await database.close();
  }
}
