/** Sizes of the console's screens that the spec fixes, in pixels. */

/** Height of the My Radar list, which scrolls inside it (console-core §9). */
export const RADAR_LIST_HEIGHT_PX = 600;

/** Dialog widths (back-office §9): the AIKnow chat session at most, and the spec update dialogs. */
export const DIALOG_WIDTHS = { chatDetailMax: 1000, specDialog: 600 } as const;
