import { z } from 'zod';
import { ENDPOINTS, NUL_MESSAGE, STORED_INT_MAX, TEXT_MAX, UNICODE_MESSAGE } from './index';

/*
 * Every text and number a request can carry, in every query, body and path of the registry, walked
 * from the schemas themselves: a field added tomorrow is checked without touching this file.
 */

type Path = (string | number)[];

interface Leaf {
  /** `<endpoint> <part> <path>`, for readable failures. */
  where: string;
  part: z.ZodType;
  path: Path;
  schema: z.ZodString | z.ZodNumber;
}

function leavesOf(schema: z.ZodType, path: Path = []): { path: Path; schema: z.ZodString | z.ZodNumber }[] {
  if (schema instanceof z.ZodString || schema instanceof z.ZodNumber) return [{ path, schema }];
  if (schema instanceof z.ZodObject) {
    return Object.entries(schema.shape as Record<string, z.ZodType>).flatMap(([key, field]) =>
      leavesOf(field, [...path, key]),
    );
  }
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable || schema instanceof z.ZodDefault) {
    return leavesOf(schema.unwrap() as z.ZodType, path);
  }
  if (schema instanceof z.ZodPipe) return leavesOf(schema.in as z.ZodType, path);
  if (schema instanceof z.ZodUnion)
    return (schema.options as z.ZodType[]).flatMap((option) => leavesOf(option, path));
  if (schema instanceof z.ZodArray) return leavesOf(schema.element as z.ZodType, [...path, 0]);
  return [];
}

const LEAVES: Leaf[] = ENDPOINTS.flatMap((def) =>
  (['params', 'query', 'body'] as const).flatMap((name) => {
    const part = def[name];
    return part
      ? leavesOf(part).map((leaf) => ({ ...leaf, part, where: `${def.name} ${name} ${leaf.path.join('.')}` }))
      : [];
  }),
);
const TEXT_LEAVES = LEAVES.filter(
  (leaf): leaf is Leaf & { schema: z.ZodString } => leaf.schema instanceof z.ZodString,
);
const NUMBER_LEAVES = LEAVES.filter((leaf) => leaf.schema instanceof z.ZodNumber);

/** The texts that are a whole scenario file: a capture of 10,000 units names each serial (TEXT_MAX.scenarioFile). */
const SCENARIO_FILES = new Set([
  'sim.applyScenario body text',
  'simulator.validateScenario body text',
  'simulator.previewScenario body text',
  'scenarioFiles.saveScenario body text',
]);

/** Numbers no column stores, so not held to the stored-integer range. */
const NOT_STORED = new Set(['sim.setClock body step']);

/** An input holding `value` at `path` and nothing else (arrays where the path says so). */
function inputWith(path: Path, value: unknown): unknown {
  return path.reduceRight<unknown>(
    (inner, key) => (typeof key === 'number' ? [inner] : { [key]: inner }),
    value,
  );
}

/** Every issue of a failed parse with its full path, the branches of unions included. */
function issuesOf(result: { success: boolean; error?: z.ZodError }): { path: string; message: string }[] {
  const found: { path: string; message: string }[] = [];
  const walk = (issues: readonly z.core.$ZodIssue[], prefix: PropertyKey[]) => {
    for (const issue of issues) {
      const path = [...prefix, ...issue.path];
      found.push({ path: path.map(String).join('.'), message: issue.message });
      if (issue.code === 'invalid_union') for (const branch of issue.errors) walk(branch, path);
    }
  };
  walk(result.error?.issues ?? [], []);
  return found;
}

/** The messages a part's parse gives at a leaf's path when the leaf holds `value`. */
function messagesAt(leaf: Leaf, value: unknown): string[] {
  const at = leaf.path.map(String).join('.');
  return issuesOf(leaf.part.safeParse(inputWith(leaf.path, value)))
    .filter((issue) => issue.path === at)
    .map((issue) => issue.message);
}

/** Formats whose own pattern fixes what they accept (dates, e-mail). */
const isFormat = (schema: z.ZodString) => schema instanceof z.ZodStringFormat;

describe('every text and number a request carries', () => {
  it('when the registry is walked, then it finds the request fields of every area', () => {
    expect(TEXT_LEAVES.length).toBeGreaterThan(100);
    expect(NUMBER_LEAVES.length).toBeGreaterThan(10);
    expect(new Set(TEXT_LEAVES.map((leaf) => leaf.where.split('.')[0])).size).toBeGreaterThan(12);
  });

  it('when a text field holds NUL, then it is refused there, with the NUL message unless a format refuses it', () => {
    const wrong = TEXT_LEAVES.filter((leaf) => {
      const messages = messagesAt(leaf, 'AB\u0000CD');
      return isFormat(leaf.schema) ? messages.length === 0 : !messages.includes(NUL_MESSAGE);
    });
    expect(wrong.map((leaf) => leaf.where)).toEqual([]);
  });

  it('when a text field holds a lone high or low surrogate, then it is refused there as broken Unicode', () => {
    const wrong = TEXT_LEAVES.filter((leaf) =>
      ['AB\uD800CD', '\uDC00'].some((value) => {
        const messages = messagesAt(leaf, value);
        return isFormat(leaf.schema) ? messages.length === 0 : !messages.includes(UNICODE_MESSAGE);
      }),
    );
    expect(wrong.map((leaf) => leaf.where)).toEqual([]);
  });

  it('when a text field is read, then it has a maximum length no larger than a scenario document (a scenario file: its own)', () => {
    const unbounded = TEXT_LEAVES.filter(
      (leaf) =>
        !isFormat(leaf.schema) &&
        !(
          leaf.schema.maxLength !== null &&
          leaf.schema.maxLength <=
            (SCENARIO_FILES.has(leaf.where) ? TEXT_MAX.scenarioFile : TEXT_MAX.document)
        ),
    );
    expect(unbounded.map((leaf) => leaf.where)).toEqual([]);
  });

  it('when a text field holds 100,000 characters, then it is refused there (a scenario file: past its own maximum)', () => {
    const accepted = TEXT_LEAVES.filter(
      (leaf) =>
        messagesAt(leaf, 'A'.repeat(SCENARIO_FILES.has(leaf.where) ? TEXT_MAX.scenarioFile + 1 : 100_000))
          .length === 0,
    );
    expect(accepted.map((leaf) => leaf.where)).toEqual([]);
  });

  it('when a one-box field (serial number, username, filter) is read, then its maximum is TEXT_MAX.name', () => {
    const boxes = TEXT_LEAVES.filter((leaf) =>
      /(serialNumber|username|^filter)/i.test(String(leaf.path.at(-1))),
    );
    expect(boxes.length).toBeGreaterThan(40);
    expect(
      boxes
        .filter((leaf) => leaf.schema.maxLength !== TEXT_MAX.name)
        .map((leaf) => `${leaf.where}: ${leaf.schema.maxLength}`),
    ).toEqual([]);
  });

  it('when a number field holds one past the largest stored integer, then it is refused there', () => {
    const accepted = NUMBER_LEAVES.filter(
      (leaf) => !NOT_STORED.has(leaf.where) && messagesAt(leaf, STORED_INT_MAX + 1).length === 0,
    );
    expect(accepted.map((leaf) => leaf.where)).toEqual([]);
  });

  it('when a path has a parameter, then the endpoint declares a schema for exactly its parameters', () => {
    for (const def of ENDPOINTS.filter((d) => d.path.includes(':'))) {
      const names = [...def.path.matchAll(/:(\w+)/g)].map((m) => m[1]);
      const shape = def.params instanceof z.ZodObject ? Object.keys(def.params.shape) : [];
      expect({ path: def.path, params: shape }).toEqual({ path: def.path, params: names });
    }
  });

  it("when a path id is not a stored record's id, then it is refused", () => {
    const ids = ENDPOINTS.filter((d) => d.params).map((d) => d.params as z.ZodType);
    for (const params of ids) {
      for (const id of [
        '0',
        '-1',
        '1.5',
        '0x1',
        '1e3',
        ' 1',
        '1\n',
        '2147483648',
        '99999999999999999999',
        '../etc/passwd',
        '1\u0000',
      ]) {
        expect({ id, ok: params.safeParse({ id }).success }).toEqual({ id, ok: false });
      }
      expect(params.parse({ id: '2147483647' })).toEqual({ id: '2147483647' });
    }
  });
});
