import { readFileSync } from 'node:fs';
import { join } from 'node:path';

describe("zod under the console's CSP", () => {
  it("when schemas are built and used after the console entry's first import, then zod never calls new Function", () => {
    const calls: unknown[][] = [];
    const original = globalThis.Function;
    globalThis.Function = new Proxy(original, {
      construct(target, args: unknown[]) {
        calls.push(args);
        return Reflect.construct(target, args) as object;
      },
    });
    try {
      jest.isolateModules(() => {
        require('./zod-config');
        // An object schema, as libs/contract builds them, built after the configuration ran.
        const { z } = require('zod') as typeof import('zod');
        const identity = z.object({
          username: z.string().min(1),
          email: z.string(),
          role: z.enum(['support', 'guest']),
        });
        const user = { username: 'support', email: 'support@example.com', role: 'support' };
        expect(identity.parse(user)).toEqual(user);
      });
    } finally {
      globalThis.Function = original;
    }
    expect(calls).toEqual([]);
  });

  it("when the console's entry is read, then zod's configuration is its first import", () => {
    const entry = readFileSync(join(__dirname, '..', 'main.tsx'), 'utf8');
    expect(/^import\s+(?:[^'"]+\s+from\s+)?'([^']+)'/m.exec(entry)?.[1]).toBe('./app/zod-config');
  });
});
