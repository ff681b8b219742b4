import { exampleFixture, exampleTarget } from '@equipment-dashboard/contract/testing';
import { describeSlice, json } from './testing/slice-harness';
import { ezadasApi } from './ezadas.api';

const fixture = { serialNumber: 'EZ000123' };
const target = { packageIndex: 4, packageName: 'Premium + VAG', targetId: 12, targetName: 'Front radar' };

describeSlice('ezadas', ezadasApi.endpoints, {
  ezGetFixtures: {
    arg: { page: 1, filterSerialNumber: 'EZ' },
    query: { page: '1', filterSerialNumber: 'EZ' },
    respond: () => json({ docs: [exampleFixture], totalDocs: 1 }),
  },
  createEzFixture: { arg: fixture, json: fixture, respond: () => json(exampleFixture, 201) },
  resetEzFixture: { arg: fixture, json: fixture, respond: () => json(null, 204) },
  ezCreateSubscription: {
    arg: { ...fixture, package: 1, month: 12, day: 21, year: 2026 },
    json: { ...fixture, package: 1, month: 12, day: 21, year: 2026 },
    respond: () => json(exampleFixture),
  },
  deleteEzFixture: { arg: fixture, json: fixture, respond: () => json({ ...fixture, deleted: true }) },
  ezGetTargets: {
    arg: { page: 2 },
    query: { page: '2' },
    respond: () => json({ docs: [exampleTarget], totalDocs: 11 }),
  },
  createEzTarget: { arg: target, json: target, respond: () => json(exampleTarget, 201) },
  updateEzTarget: { arg: target, json: target, respond: () => json(exampleTarget) },
  deleteEzTarget: {
    arg: { targetName: 'Front radar' },
    json: { targetName: 'Front radar' },
    respond: () => json({ targetName: 'Front radar', deleted: true }),
  },
});
