/**
 * Texts of the vendor integrations screen behind the TruPoint entry (back-office §2.9). Column names
 * and 'None' / 'NO CALIBRATIONS' are the spec's; the title, tab, dialog and button words are ours.
 */
export const TRUPOINT_TEXTS = {
  // Decision: the spec names the screen only "vendor integrations (Tru-Point pairings)" and its entry
  // TruPoint; the title joins the two.
  title: 'TruPoint Vendor Integrations',
  noAccess: 'You do not have access to TruPoint.',
  active: 'Active',
  completed: 'Completed',
  aborted: 'Aborted',

  vendor: 'Vendor',
  vendorKey: 'Vendor Key',
  alignmentId: 'Alignment ID',
  truPointSerialNumber: 'Tru-Point Serial Number',
  createdAt: 'Created At',
  updatedAt: 'Updated At',
  reason: 'Reason',
  actions: 'Actions',
  viewPairing: 'View Pairing Details',

  // Detail dialog.
  dialogTitle: 'Vendor Pairing',
  calibrations: 'Calibrations',
  noCalibrations: 'NO CALIBRATIONS',
  name: 'Name',
  state: 'State',
  passed: 'Passed',
  reportMessage: 'Report Message',
  none: 'None',
  yes: 'yes',
  no: 'no',
} as const;
