/** A simulated time to the second, in UTC (the simulated clock has no time zone of its own). */
export const formatSimulated = (ms: number) =>
  `${new Date(ms).toISOString().slice(0, 19).replace('T', ' ')} UTC`;
