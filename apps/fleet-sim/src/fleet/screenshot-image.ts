import sharp from 'sharp';
import type { UnitRuntime } from './unit-runtime';

const escape = (text: string) => text.replace(/[<>&"]/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * What a unit's screen shows when it takes a screenshot: a real PNG (1280x800) drawn from SVG by
 * sharp, with its serial, the procedure on screen and the time, and a 320x200 thumbnail.
 */
export async function screenshotImages(
  unit: UnitRuntime,
  now: number,
): Promise<{ image: Buffer; thumbnail: Buffer }> {
  const procedure = unit.currentProcedure ?? 'Idle';
  const stamp = new Date(now).toISOString().replace('T', ' ').slice(0, 19);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1280" height="800">
    <rect width="1280" height="800" fill="#0b2545"/>
    <rect x="0" y="0" width="1280" height="72" fill="#13315c"/>
    <text x="32" y="48" font-family="sans-serif" font-size="30" fill="#ffffff">${escape(unit.serialNumber)} — ${escape(procedure)}</text>
    <text x="1248" y="48" font-family="sans-serif" font-size="22" fill="#8da9c4" text-anchor="end">${stamp} UTC</text>
    <g fill="none" stroke="#eef4ed" stroke-width="6">
      <circle cx="400" cy="440" r="150"/><circle cx="880" cy="440" r="150"/>
      <line x1="400" y1="290" x2="400" y2="590"/><line x1="880" y1="290" x2="880" y2="590"/>
    </g>
    <text x="400" y="680" font-family="sans-serif" font-size="28" fill="#eef4ed" text-anchor="middle">Left camber -0.4°</text>
    <text x="880" y="680" font-family="sans-serif" font-size="28" fill="#eef4ed" text-anchor="middle">Right camber -0.2°</text>
    <text x="640" y="760" font-family="sans-serif" font-size="22" fill="#8da9c4" text-anchor="middle">software ${escape(unit.versionSemantic)} · ${escape(unit.family)}</text>
  </svg>`;
  const image = await sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toBuffer();
  const thumbnail = await sharp(image).resize(320, 200).png().toBuffer();
  return { image, thumbnail };
}
