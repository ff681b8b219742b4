import { z } from 'zod';

// zod compiles a fast parser per object schema with `new Function`, and probes for it first. The server's CSP
// has no 'unsafe-eval', so the probe was reported as a violation on every load: run zod without that (its plain
// parser, a little slower, is more than fast enough for a console's answers). The flag is read when a schema is
// built, so this module is the entry's first import, before anything that defines one (libs/contract), and the
// build puts it in zod's own chunk, which runs before every chunk that builds schemas (vite.config.mts).
z.config({ jitless: true });
