import type { z } from 'zod';
import * as examples from './testing/examples';
import { aiStatisticsSchema, chatSessionSchema } from './ai';
import { cameraCalibrationSchema } from './camera-cal';
import {
  serviceStatusSchema,
  stagedTotalsSchema,
  ticketStatisticsSchema,
  topAlignerSchema,
  versionTotalsSchema,
} from './dashboard';
import {
  alignerSchema,
  listRowSchema,
  screenShotSchema,
  statusReportSchema,
  voltagesReportSchema,
} from './equipment';
import { fixtureSchema, targetSchema } from './ezadas';
import { connectionCountersSchema } from './live-events';
import { messageSchema } from './messages';
import { citySchema, countrySchema, notificationSchema, regionSchema } from './notifications';
import { pairingSchema } from './pairings';
import { paged } from './primitives';
import {
  scheduleByDaySchema,
  updateSchedulerDeviceSchema,
  updateSchedulerStatisticsSchema,
} from './scheduler';
import {
  attachmentSchema,
  commentSchema,
  ticketHistoryItemSchema,
  ticketSchema,
  ticketSummarySchema,
} from './tickets';
import {
  softwareManifestSchema,
  softwareUpdateSchema,
  specManifestSchema,
  specUpdateSchema,
  versionRecordSchema,
} from './updates';
import { userSchema } from './users';

const { exampleTicket } = examples;
const { comments: _comments, attachments: _attachments, ...exampleTicketSummary } = exampleTicket;

const cases: [string, z.ZodType, unknown][] = [
  ['Aligner', alignerSchema, examples.exampleAligner],
  ['Aligner, off line and old', alignerSchema, examples.exampleOldAligner],
  ['ListRow', listRowSchema, examples.exampleListRow],
  ['ScreenShot', screenShotSchema, examples.exampleScreenShot],
  ['VoltagesReport', voltagesReportSchema, examples.exampleVoltages],
  ['StatusReport', statusReportSchema, examples.exampleStatusReport],
  ['Ticket', ticketSchema, examples.exampleTicket],
  ['TicketSummary', ticketSummarySchema, exampleTicketSummary],
  ['TicketHistoryItem', ticketHistoryItemSchema, examples.exampleTicketHistoryItem],
  ['Comment', commentSchema, examples.exampleComment],
  ['Attachment', attachmentSchema, examples.exampleAttachment],
  ['TicketStatistics', ticketStatisticsSchema, examples.exampleTicketStatistics],
  ['VersionRecord', versionRecordSchema, examples.exampleVersionRecord],
  ['VersionTotals', versionTotalsSchema, examples.exampleVersionTotals],
  ['StagedTotals', stagedTotalsSchema, examples.exampleStagedTotals],
  ['TopAligner', topAlignerSchema, examples.exampleTopAligner],
  ['ServiceStatus', serviceStatusSchema, examples.exampleServiceStatus],
  ['ConnectionCounters', connectionCountersSchema, examples.exampleConnectionCounters],
  ['SoftwareManifest', softwareManifestSchema, examples.exampleSoftwareManifest],
  ['SoftwareUpdate', softwareUpdateSchema, examples.exampleSoftwareUpdate],
  ['SpecManifest', specManifestSchema, examples.exampleSpecManifest],
  ['SpecUpdate', specUpdateSchema, examples.exampleSpecUpdate],
  ['ScheduleByDay', scheduleByDaySchema, examples.exampleScheduleByDay],
  ['UpdateSchedulerDevice', updateSchedulerDeviceSchema, examples.exampleUpdateSchedulerDevice],
  ['UpdateSchedulerStatistics', updateSchedulerStatisticsSchema, examples.exampleUpdateSchedulerStatistics],
  ['User', userSchema, examples.exampleUser],
  ['Notification', notificationSchema, examples.exampleNotification],
  ['Country', countrySchema, examples.exampleCountry],
  ['Region', regionSchema, examples.exampleRegion],
  ['City', citySchema, examples.exampleCity],
  ['Message', messageSchema, examples.exampleMessage],
  ['Fixture', fixtureSchema, examples.exampleFixture],
  ['Target', targetSchema, examples.exampleTarget],
  ['Pairing', pairingSchema, examples.examplePairing],
  ['CameraCalibration', cameraCalibrationSchema, examples.exampleCameraCalibration],
  ['ChatSession', chatSessionSchema, examples.exampleChatSession],
  ['AiStatistics', aiStatisticsSchema, examples.exampleAiStatistics],
];

describe('entity schemas', () => {
  it.each(cases)(
    'when a %s built from the spec fields is parsed, then it comes back unchanged',
    (_name, schema, example) => {
      expect(schema.parse(example)).toEqual(example);
    },
  );

  it.each(cases)(
    'when a %s has an extra field, then the field is dropped, not refused',
    (_name, schema, example) => {
      if (typeof example !== 'object' || example === null || Array.isArray(example)) return;
      expect(schema.parse({ ...example, extra: 1 })).toEqual(example);
    },
  );

  it('when an aligner misses a field of console-core §3, then it is refused', () => {
    const { geolocation: _geolocation, ...withoutGeolocation } = examples.exampleAligner;
    expect(alignerSchema.safeParse(withoutGeolocation).success).toBe(false);
  });

  it('when a service status misses a service, then it is refused', () => {
    const { cameraCal: _cameraCal, ...rest } = examples.exampleServiceStatus;
    expect(serviceStatusSchema.safeParse(rest).success).toBe(false);
  });

  it('when a timestamp is not ISO 8601, then it is refused', () => {
    expect(commentSchema.safeParse({ ...examples.exampleComment, createdAt: '14/05/2024' }).success).toBe(
      false,
    );
  });

  it('when a fixture expiry reads N/A or M/D/YYYY, then it parses, and any other text is refused', () => {
    expect(fixtureSchema.safeParse({ ...examples.exampleFixture, subscriptionExpires: 'N/A' }).success).toBe(
      true,
    );
    expect(
      fixtureSchema.safeParse({ ...examples.exampleFixture, subscriptionExpires: '1/2/2026' }).success,
    ).toBe(true);
    expect(
      fixtureSchema.safeParse({ ...examples.exampleFixture, subscriptionExpires: '2026-01-02' }).success,
    ).toBe(false);
  });

  it('when a camera matrix is not 3x3, then it is refused', () => {
    const board = examples.exampleCameraCalibration.LeftBoards[0];
    if (!board) throw new Error('example has a left board');
    const bad = { ...examples.exampleCameraCalibration, LeftBoards: [{ ...board, CCS_ACSCal: [[1, 0, 0]] }] };
    expect(cameraCalibrationSchema.safeParse(bad).success).toBe(false);
  });

  it('when a paged list is parsed, then it has docs and totalDocs', () => {
    const schema = paged(userSchema);
    expect(schema.parse({ docs: [examples.exampleUser], totalDocs: 31 })).toEqual({
      docs: [examples.exampleUser],
      totalDocs: 31,
    });
    expect(schema.safeParse({ docs: [], totalDocs: -1 }).success).toBe(false);
  });
});
