import { z } from 'zod';
import { PERMISSIONS, SUBSCRIPTION_PACKAGES } from '@equipment-dashboard/domain';
import { areaEndpoints, pagedListQuery } from './define';
import { serialNumberBodySchema } from './equipment';
import { countSchema, paged, STORED_INT_MAX, timestampSchema } from './primitives';
import { filterQuery, requiredText } from './query';

// The EZ ADAS entities (back-office §3).

const packageNames = SUBSCRIPTION_PACKAGES.map((p) => p.name) as [
  (typeof SUBSCRIPTION_PACKAGES)[number]['name'],
  ...(typeof SUBSCRIPTION_PACKAGES)[number]['name'][],
];
const packageCodes = SUBSCRIPTION_PACKAGES.map((p) => z.literal(p.code)) as unknown as [
  z.ZodLiteral<(typeof SUBSCRIPTION_PACKAGES)[number]['code']>,
  ...z.ZodLiteral<(typeof SUBSCRIPTION_PACKAGES)[number]['code']>[],
];

/** A subscription package name: Included, Limited, Premium + VAG. */
export const subscriptionPackageNameSchema = z.enum(packageNames);
/** A subscription package code: 0, 1 or 4. */
export const subscriptionPackageCodeSchema = z.union(packageCodes);

/** An EZ ADAS fixture (back-office §3). `subscriptionExpires` is M/D/YYYY or 'N/A'. */
export const fixtureSchema = z.object({
  serialNumber: z.string().min(1),
  activationCount: countSchema,
  subscriptionPackage: subscriptionPackageNameSchema,
  subscriptionExpires: z.union([z.string().regex(/^\d{1,2}\/\d{1,2}\/\d{4}$/), z.literal('N/A')]),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
/** See {@link fixtureSchema}. */
export type Fixture = z.infer<typeof fixtureSchema>;

/** An EZ ADAS target (back-office §3). It is identified by its `targetName`. */
export const targetSchema = z.object({
  targetName: z.string().min(1),
  targetId: countSchema,
  packageName: subscriptionPackageNameSchema,
  packageIndex: subscriptionPackageCodeSchema,
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
/** See {@link targetSchema}. */
export type Target = z.infer<typeof targetSchema>;

/** The code of the Included package, which has no expiry. */
const INCLUDED_CODE = 0;

/** True when a package name and code belong together (e.g. Limited and 1). */
export function isMatchingPackage(name: string, code: number): boolean {
  return SUBSCRIPTION_PACKAGES.some((p) => p.name === name && p.code === code);
}

/**
 * Body of POST /api/v1/ez_create_subscription. The expiry date is sent as year, month (1-12) and
 * day parts; it is required for Limited and Premium + VAG and ignored for Included (whose expiry
 * is 'N/A', back-office §5).
 */
export const createSubscriptionBodySchema = z
  .strictObject({
    serialNumber: requiredText,
    package: subscriptionPackageCodeSchema,
    month: z.int().min(1).max(12).optional(),
    day: z.int().min(1).max(31).optional(),
    year: z.int().min(2000).max(9999).optional(),
  })
  .refine(
    (body) =>
      body.package === INCLUDED_CODE ||
      (body.month !== undefined && body.day !== undefined && body.year !== undefined),
    { message: 'An expiry date (month, day, year) is required for this package', path: ['year'] },
  );

/** Body of the target create and update calls: the package's index and name must match. */
export const targetBodySchema = z
  .strictObject({
    packageIndex: subscriptionPackageCodeSchema,
    packageName: subscriptionPackageNameSchema,
    targetId: z.int().min(0).max(STORED_INT_MAX, `targetId must be at most ${STORED_INT_MAX}`),
    targetName: requiredText,
  })
  .refine((body) => isMatchingPackage(body.packageName, body.packageIndex), {
    message: 'packageName does not match packageIndex',
    path: ['packageName'],
  });

/** Answer of the fixture deletion (not shown in the spec). */
export const deletedFixtureSchema = z.object({ serialNumber: z.string().min(1), deleted: z.literal(true) });
/** Answer of the target deletion (not shown in the spec). */
export const deletedTargetSchema = z.object({ targetName: z.string().min(1), deleted: z.literal(true) });

const ezadas = areaEndpoints('ezadas');

export const ezGetFixtures = ezadas.get('ezGetFixtures', '/api/v1/ez_get_fixtures/', {
  // filterSerialNumber matches from the start of the serial number, ignoring case.
  query: pagedListQuery({ filterSerialNumber: filterQuery }),
  response: paged(fixtureSchema),
  permission: PERMISSIONS.viewEzAdas,
  summary: 'Lists EZ ADAS fixtures, 10 per page, by serial number.',
});

export const createEzFixture = ezadas.post('createEzFixture', '/api/v1/create_ez_fixture', {
  body: serialNumberBodySchema,
  // 200: the fixture already existed (answered as stored); 201: created.
  response: fixtureSchema,
  successStatus: [200, 201],
  permission: PERMISSIONS.ezFixtureManage,
  summary: 'Creates an EZ ADAS fixture, or answers 200 with the existing one.',
});

export const resetEzFixture = ezadas.post('resetEzFixture', '/api/v1/reset_ez_fixture', {
  body: serialNumberBodySchema,
  // 200: reset, answers the fixture; 204 (no body): it had no activations. 404 when unknown.
  response: fixtureSchema,
  successStatus: [200, 204],
  permission: PERMISSIONS.ezFixtureManage,
  summary: "Resets a fixture's activation count to 0.",
});

export const ezCreateSubscription = ezadas.post('ezCreateSubscription', '/api/v1/ez_create_subscription', {
  body: createSubscriptionBodySchema,
  // 200: the updated fixture; 404: the fixture does not exist.
  response: fixtureSchema,
  permission: PERMISSIONS.ezFixtureManage,
  summary: "Sets a fixture's subscription package and expiry.",
});

export const deleteEzFixture = ezadas.post('deleteEzFixture', '/api/v1/delete_ez_fixture', {
  body: serialNumberBodySchema,
  response: deletedFixtureSchema,
  permission: PERMISSIONS.ezFixtureManage,
  summary: 'Deletes an EZ ADAS fixture (404 when unknown).',
});

export const ezGetTargets = ezadas.get('ezGetTargets', '/api/v1/ez_get_targets/', {
  query: pagedListQuery(),
  response: paged(targetSchema),
  permission: PERMISSIONS.viewEzAdas,
  summary: 'Lists EZ ADAS targets, 10 per page, by target name.',
});

export const createEzTarget = ezadas.post('createEzTarget', '/api/v1/create_ez_target', {
  body: targetBodySchema,
  // 201: the created target; 409 when the target name exists.
  response: targetSchema,
  successStatus: [201],
  permission: PERMISSIONS.ezTargetCreate,
  summary: 'Creates an EZ ADAS target.',
});

export const updateEzTarget = ezadas.post('updateEzTarget', '/api/v1/update_ez_target', {
  body: targetBodySchema,
  // 200: the updated target; 404: no target has that name.
  response: targetSchema,
  permission: PERMISSIONS.ezTargetEdit,
  summary: "Changes a target's package (found by target name).",
});

export const deleteEzTarget = ezadas.post('deleteEzTarget', '/api/v1/delete_ez_target', {
  body: z.strictObject({ targetName: requiredText }),
  response: deletedTargetSchema,
  permission: PERMISSIONS.ezTargetDelete,
  summary: 'Deletes an EZ ADAS target (404 when unknown).',
});

/** The calls of back-office §7.5. */
export const ezadasEndpoints = {
  ezGetFixtures,
  createEzFixture,
  resetEzFixture,
  ezCreateSubscription,
  deleteEzFixture,
  ezGetTargets,
  createEzTarget,
  updateEzTarget,
  deleteEzTarget,
} as const;
