import { z } from 'zod';
import { LIVE_EVENT_SCHEMAS } from './live-events';
import { ENDPOINTS } from './registry';
import { createUserBodySchema } from './users';

/** Every object key reachable in a schema, at any depth (through arrays, unions, nullables, pipes...). */
function keysOf(schema: z.core.$ZodType, seen = new Set<z.core.$ZodType>()): Set<string> {
  const keys = new Set<string>();
  const visit = (s: z.core.$ZodType): void => {
    if (seen.has(s)) return;
    seen.add(s);
    if (s instanceof z.ZodObject) {
      for (const [key, child] of Object.entries(s.shape)) {
        keys.add(key);
        visit(child);
      }
    } else if (s instanceof z.ZodArray) visit(s.element);
    else if (
      s instanceof z.ZodOptional ||
      s instanceof z.ZodNullable ||
      s instanceof z.ZodDefault ||
      s instanceof z.ZodPrefault ||
      s instanceof z.ZodNonOptional ||
      s instanceof z.ZodReadonly ||
      s instanceof z.ZodCatch
    )
      visit(s.unwrap());
    else if (s instanceof z.ZodUnion) s.options.forEach(visit);
    else if (s instanceof z.ZodPipe) {
      visit(s.in);
      visit(s.out);
    } else if (s instanceof z.ZodRecord) visit(s.valueType);
    else if (s instanceof z.ZodTuple) s.def.items.forEach(visit);
    else if (s instanceof z.ZodIntersection) {
      visit(s.def.left);
      visit(s.def.right);
    } else if (s instanceof z.ZodLazy) visit(s.unwrap());
  };
  visit(schema);
  return keys;
}

describe('no password in any answer', () => {
  it('when the walker reads the create-user body, then it finds the password (the walker works)', () => {
    expect(keysOf(createUserBodySchema).has('password')).toBe(true);
  });

  it.each(ENDPOINTS.map((e) => [e.name, e] as const))(
    'when the answer of %s is walked, then no key is a password or its hash',
    (_name, def) => {
      const keys = [...keysOf(def.response)];
      expect(keys.filter((k) => /password/i.test(k) || /hash/i.test(k))).toEqual([]);
    },
  );

  it.each(Object.entries(LIVE_EVENT_SCHEMAS))(
    'when the payload of live event %s is walked, then no key is a password',
    (_name, schema) => {
      expect([...keysOf(schema)].filter((k) => /password/i.test(k))).toEqual([]);
    },
  );
});
