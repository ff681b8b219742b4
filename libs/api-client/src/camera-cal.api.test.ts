import { exampleCameraCalibration } from '@equipment-dashboard/contract/testing';
import { describeSlice, json } from './testing/slice-harness';
import { cameraCalApi } from './camera-cal.api';

describeSlice('cameraCal', cameraCalApi.endpoints, {
  readCameraCals: {
    arg: { page: 4, filterSerialNumber: 'CB1' },
    query: { page: '4', filterSerialNumber: 'CB1' },
    respond: () => json({ docs: [exampleCameraCalibration], totalDocs: 31 }),
  },
});
