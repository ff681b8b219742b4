/** Texts of the bell that the shell's texts do not hold (kept by the bell so that the shell's file stays another's). */
export const BELL_TEXTS = {
  /** The badge: the exact count up to 999, then compact ("4.7K"), the exact figure in the bell's name and drawer. */
  badge: (n: number) =>
    n <= 999
      ? n
      : new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 }).format(n),
  unacknowledged: (n: number) =>
    `${n.toLocaleString('en-US')} alert${n === 1 ? '' : 's'} firing unacknowledged, by rule and place:`,
} as const;
