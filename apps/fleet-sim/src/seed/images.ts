/**
 * Small real images for ticket attachments and unit screenshots: a coloured panel with a title and a
 * few lines of text, drawn by sharp from SVG, with a thumbnail 160 px wide.
 */
import sharp from 'sharp';

export const THUMBNAIL_WIDTH = 160;

export interface RenderedImage {
  image: Buffer;
  thumbnail: Buffer;
}

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

interface PanelOptions {
  width: number;
  height: number;
  background: string;
  title: string;
  lines: readonly string[];
}

const rendered = new Map<string, Promise<RenderedImage>>();

/** A `width` x `height` PNG: background colour, a title bar, lines of text. Rendered once per process. */
export function renderPanel(options: PanelOptions): Promise<RenderedImage> {
  const key = JSON.stringify(options);
  let image = rendered.get(key);
  if (image === undefined) {
    image = render(options);
    rendered.set(key, image);
    image.catch(() => rendered.delete(key));
  }
  return image;
}

async function render(options: PanelOptions): Promise<RenderedImage> {
  const { width, height, background, title, lines } = options;
  const text = lines
    .map(
      (line, i) =>
        `<text x="24" y="${110 + i * 34}" font-family="sans-serif" font-size="22" fill="#ffffff">${escapeXml(line)}</text>`,
    )
    .join('');
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
    `<rect width="100%" height="100%" fill="${background}"/>` +
    `<rect width="100%" height="64" fill="#000000" fill-opacity="0.25"/>` +
    `<text x="24" y="42" font-family="sans-serif" font-size="28" font-weight="bold" fill="#ffffff">${escapeXml(title)}</text>` +
    `${text}</svg>`;
  const image = await sharp(Buffer.from(svg)).png().toBuffer();
  const thumbnail = await sharp(image).resize({ width: THUMBNAIL_WIDTH }).png().toBuffer();
  return { image, thumbnail };
}
