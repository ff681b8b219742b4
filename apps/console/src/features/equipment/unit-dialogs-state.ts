/** The dialogs a unit opens from its row or its detail dialog (console-core §2 "Other dialogs"). */
export type UnitDialogKind =
  | 'ticket'
  | 'history'
  | 'screenshots'
  | 'delete'
  | 'resetSerial'
  | 'changeTarget'
  | 'voltages'
  | 'usb'
  | 'printer';

/** Which dialog is open, for which unit: the screen's selection. */
export interface UnitDialog {
  kind: UnitDialogKind;
  serialNumber: string;
}
