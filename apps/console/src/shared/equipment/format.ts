import dayjs from 'dayjs';
import { DATE_FORMATS } from '@equipment-dashboard/domain';

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

/** A byte count for people: 1536 -> '1.5 KB' (binary multiples, one decimal above bytes). */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '';
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return unit === 0 ? `${value} B` : `${value.toFixed(1)} ${UNITS[unit]}`;
}

/** A transfer rate in bytes per second: '1.2 MB/s'. */
export function formatRate(bytesPerSecond: number): string {
  const bytes = formatBytes(bytesPerSecond);
  return bytes === '' ? '' : `${bytes}/s`;
}

/** A duration in seconds: '1h 05m', '7m 12s', '42s'. */
export function formatDuration(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return '';
  const total = Math.round(seconds);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const pad = (n: number) => String(n).padStart(2, '0');
  if (h > 0) return `${h}h ${pad(m)}m`;
  if (m > 0) return `${m}m ${pad(s)}s`;
  return `${s}s`;
}

/** A timestamp in the viewer's local time, 'YYYY-MM-DD HH:mm:ss' (back-office §9 local times). */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const at = dayjs(iso);
  return at.isValid() ? at.format(DATE_FORMATS.localDateTime) : '';
}

/** A percent with at most one decimal: 45 -> '45%', 45.25 -> '45.3%'. */
export function formatPercent(value: number): string {
  if (!Number.isFinite(value)) return '';
  return `${Math.round(value * 10) / 10}%`;
}
