import type { ComponentType } from 'react';
import { ChangeTargetDialog } from './change-target-dialog';
import { DeleteEquipmentDialog } from './delete-equipment-dialog';
import { PrinterDialog, UsbDialog, VoltagesDialog } from './report-dialogs';
import { ResetSerialDialog } from './reset-serial-dialog';
import { ScreenShotsDialog } from './screenshots-dialog';
import { TicketDialog } from './ticket-dialog';
import { TicketHistoryDialog } from './ticket-history-dialog';
import type { UnitDialog } from './unit-dialogs-state';

export interface UnitDialogsProps {
  dialog: UnitDialog;
  onClose: () => void;
  onDeleted: (serialNumber: string) => void;
  onSerialReset: (oldSerial: string, newSerial: string) => void;
}

/** The dialogs that need only the unit's serial number and a way to close. */
const SERIAL_DIALOGS = {
  ticket: TicketDialog,
  history: TicketHistoryDialog,
  screenshots: ScreenShotsDialog,
  changeTarget: ChangeTargetDialog,
  voltages: VoltagesDialog,
  usb: UsbDialog,
  printer: PrinterDialog,
} as const satisfies Partial<
  Record<UnitDialog['kind'], ComponentType<{ serialNumber: string; onClose: () => void }>>
>;

/** The one dialog open over the list or the detail dialog (console-core §2 "Other dialogs"). */
export function UnitDialogs({ dialog, onClose, onDeleted, onSerialReset }: UnitDialogsProps) {
  const { kind, serialNumber } = dialog;
  switch (kind) {
    case 'delete':
      return <DeleteEquipmentDialog serialNumber={serialNumber} onClose={onClose} onDeleted={onDeleted} />;
    case 'resetSerial':
      return (
        <ResetSerialDialog
          serialNumber={serialNumber}
          onClose={onClose}
          onReset={(newSerial) => onSerialReset(serialNumber, newSerial)}
        />
      );
    default: {
      const Dialog = SERIAL_DIALOGS[kind];
      return <Dialog serialNumber={serialNumber} onClose={onClose} />;
    }
  }
}
