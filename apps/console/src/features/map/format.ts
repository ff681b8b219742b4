/** A whole number as the screen writes it (thousands separated). */
export const formatCount = (n: number): string => n.toLocaleString('en-US');

/** A share (0 to 1) as a whole percentage. */
export const formatShare = (share: number): string => `${Math.round(share * 100)}%`;
