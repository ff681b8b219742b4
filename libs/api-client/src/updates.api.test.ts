import {
  exampleSoftwareManifest,
  exampleSoftwareUpdate,
  exampleSpecManifest,
  exampleSpecUpdate,
} from '@equipment-dashboard/contract/testing';
import { describeSlice, json } from './testing/slice-harness';
import { updatesApi } from './updates.api';

const path = { updatePath: '/updates/aligner/5.3.0' };
const manifest = () => json(exampleSoftwareManifest);
const newUpdate = {
  version: { semantic: '5.3.0', meta: 'beta' },
  prerequisite: '5.0.0',
  family: 'aligner',
  path: '/u',
};
const created = () => json(exampleSoftwareUpdate);
const spec = {
  path: exampleSpecUpdate.path,
  version: exampleSpecUpdate.version,
  active: true,
  targetFamily: 'all',
  filter: ['*'],
};

describeSlice('updates', updatesApi.endpoints, {
  validateSoftwareUpdateAtPath: { arg: path, json: path, respond: manifest },
  validateGtpsSoftwareUpdateAtPath: { arg: path, json: path, respond: manifest },
  validateOasisSoftwareUpdateAtPath: { arg: path, json: path, respond: manifest },
  createUpdate: { arg: newUpdate, json: newUpdate, respond: created },
  createGtpsUpdate: {
    arg: { ...newUpdate, family: 'gtps' },
    json: { ...newUpdate, family: 'gtps' },
    respond: created,
  },
  createOasisUpdate: {
    arg: { ...newUpdate, family: 'aligner-oasis' },
    json: { ...newUpdate, family: 'aligner-oasis' },
    respond: created,
  },
  readSpecUpdates: {
    arg: { page: 3 },
    query: { page: '3' },
    respond: () => json({ docs: [exampleSpecUpdate], totalDocs: 21 }),
  },
  validateSpecUpdateAtPath: { arg: path, json: path, respond: () => json(exampleSpecManifest) },
  createSpecUpdate: {
    arg: { ...spec, prerequisites: exampleSpecManifest.prerequisites },
    json: { ...spec, prerequisites: exampleSpecManifest.prerequisites },
    respond: () => json(exampleSpecUpdate),
  },
  updateSpecUpdate: { arg: spec, json: spec, respond: () => json(exampleSpecUpdate) },
});
