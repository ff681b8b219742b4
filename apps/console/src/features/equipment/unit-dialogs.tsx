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

/** The one dialog open over the list or the detail dialog (console-core §2 "Other dialogs"). */
export function UnitDialogs({ dialog, onClose, onDeleted, onSerialReset }: UnitDialogsProps) {
  const { kind, serialNumber } = dialog;
  switch (kind) {
    case 'ticket':
      return <TicketDialog serialNumber={serialNumber} onClose={onClose} />;
    case 'history':
      return <TicketHistoryDialog serialNumber={serialNumber} onClose={onClose} />;
    case 'screenshots':
      return <ScreenShotsDialog serialNumber={serialNumber} onClose={onClose} />;
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
    case 'changeTarget':
      return <ChangeTargetDialog serialNumber={serialNumber} onClose={onClose} />;
    case 'voltages':
      return <VoltagesDialog serialNumber={serialNumber} onClose={onClose} />;
    case 'usb':
      return <UsbDialog serialNumber={serialNumber} onClose={onClose} />;
    case 'printer':
      return <PrinterDialog serialNumber={serialNumber} onClose={onClose} />;
  }
}
