import sharp from 'sharp';
import type { TrendSample } from './trend';

const W = 960;
const H = 420;
const PAD = { left: 70, right: 24, top: 40, bottom: 48 };

/**
 * The Trend Chart screen's image (back-office §7.6 GET /graph): the connected-units trend drawn by the
 * server as SVG and rendered to PNG by sharp.
 */
export async function trendGraphPng(samples: readonly TrendSample[]): Promise<Buffer> {
  const points = samples.length > 0 ? samples : [{ at: Date.now(), connected: 0 }];
  const t0 = points[0]?.at ?? 0;
  const t1 = Math.max(points[points.length - 1]?.at ?? t0, t0 + 60_000);
  const max = Math.max(1, ...points.map((p) => p.connected));
  const top = Math.ceil((max * 1.1) / 10) * 10;
  const x = (at: number) => PAD.left + ((at - t0) / (t1 - t0)) * (W - PAD.left - PAD.right);
  const y = (v: number) => H - PAD.bottom - (v / top) * (H - PAD.top - PAD.bottom);
  const path = points
    .map((p, i) => `${i === 0 ? 'M' : 'L'}${x(p.at).toFixed(1)},${y(p.connected).toFixed(1)}`)
    .join(' ');
  const grid = [0, 0.25, 0.5, 0.75, 1]
    .map((f) => {
      const v = Math.round(top * f);
      return `<line x1="${PAD.left}" x2="${W - PAD.right}" y1="${y(v)}" y2="${y(v)}" stroke="#e5e7eb"/>
        <text x="${PAD.left - 8}" y="${y(v) + 4}" text-anchor="end" font-size="12" fill="#6b7280" font-family="sans-serif">${v}</text>`;
    })
    .join('');
  const label = (at: number) => new Date(at).toISOString().slice(11, 16);
  const last = points[points.length - 1];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">
    <rect width="${W}" height="${H}" fill="#ffffff"/>
    <text x="${PAD.left}" y="26" font-size="16" font-family="sans-serif" fill="#111827">Connected units${last ? ` (now ${last.connected})` : ''}</text>
    ${grid}
    <path d="${path}" fill="none" stroke="#1677ff" stroke-width="2"/>
    <text x="${PAD.left}" y="${H - 18}" font-size="12" fill="#6b7280" font-family="sans-serif">${label(t0)} UTC</text>
    <text x="${W - PAD.right}" y="${H - 18}" text-anchor="end" font-size="12" fill="#6b7280" font-family="sans-serif">${label(t1)} UTC</text>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}
