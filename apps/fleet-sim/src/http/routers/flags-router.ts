import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import express, { type Router } from 'express';
import sharp from 'sharp';
import { NotFoundError } from '../../core/errors';

const FLAGS_DIR = join(dirname(require.resolve('country-flag-icons/package.json')), '3x2');
/** Rendered size: 3:2 at twice the console's 24x16 for sharp edges on high-density screens. */
const WIDTH = 48;
const HEIGHT = 32;

/**
 * GET /flags/{cc}.png (back-office §7.3): the flag of a country code as a PNG, rendered once from the
 * maintained `country-flag-icons` SVGs with sharp and kept in memory.
 */
export function flagsRouter(): Router {
  const router = express.Router();
  const cache = new Map<string, Promise<Buffer>>();
  router.get('/flags/:file', async (req, res) => {
    const match = /^([A-Za-z]{2})\.png$/.exec(req.params.file);
    if (!match?.[1]) throw new NotFoundError('Flags are served as /flags/{two-letter country code}.png.');
    const code = match[1].toUpperCase();
    let png = cache.get(code);
    if (!png) {
      png = readFile(join(FLAGS_DIR, `${code}.svg`)).then((svg) =>
        sharp(svg, { density: 300 }).resize(WIDTH, HEIGHT, { fit: 'fill' }).png().toBuffer(),
      );
      cache.set(code, png);
      png.catch(() => cache.delete(code));
    }
    let data: Buffer;
    try {
      data = await png;
    } catch {
      throw new NotFoundError(`No flag for country code ${code}.`);
    }
    res.type('png').setHeader('Cache-Control', 'public, max-age=86400');
    res.send(data);
  });
  return router;
}
