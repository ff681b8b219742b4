import { describeSlice, json } from './testing/slice-harness';
import { stagingApi } from './staging.api';

const stage = { serialNumber: 'ABCLK0001', version: { semantic: '5.3.0', meta: '' }, path: '/updates/5.3.0' };
const serial = { serialNumber: 'ABCLK0001' };
const staged = () => json({ ...stage, family: 'aligner' });
const unstaged = () => json({ ...serial, family: 'aligner', pendingSoftwareDownload: '' });

describeSlice('staging', stagingApi.endpoints, {
  stageSoftwareUpdate: { arg: stage, json: stage, respond: staged },
  stageGtpsSoftwareUpdate: { arg: stage, json: stage, respond: staged },
  stageOasisSoftwareUpdate: { arg: stage, json: stage, respond: staged },
  unstageSoftwareUpdate: { arg: serial, json: serial, respond: unstaged },
  unstageGtpsSoftwareUpdate: { arg: serial, json: serial, respond: unstaged },
  unstageOasisSoftwareUpdate: { arg: serial, json: serial, respond: unstaged },
});
