import { LineCounter, parseDocument, isNode, type Document } from 'yaml';
import type { z } from 'zod';
import { ValidationError } from '../core/errors';
import { scenarioSchema, type Scenario } from './scenario-schema';

/** A scenario that could not be read: every problem with its line (when known) and field. */
export class ScenarioError extends Error {
  constructor(
    readonly source: string,
    readonly problems: { line?: number; field: string; message: string }[],
  ) {
    super(
      `${source}: the scenario is not valid:\n` +
        problems
          .map((p) => `  ${p.line ? `line ${p.line}, ` : ''}${p.field || '(top)'}: ${p.message}`)
          .join('\n'),
    );
    this.name = 'ScenarioError';
  }
}

function lineOf(doc: Document, counter: LineCounter, path: readonly PropertyKey[]): number | undefined {
  for (let n = path.length; n >= 0; n--) {
    const node = doc.getIn(path.slice(0, n) as unknown[], true);
    if (isNode(node) && node.range) return counter.linePos(node.range[0]).line;
  }
  return undefined;
}

function fieldOf(path: readonly PropertyKey[]): string {
  return path.reduce<string>(
    (out, key) => (typeof key === 'number' ? `${out}[${key}]` : out ? `${out}.${String(key)}` : String(key)),
    '',
  );
}

/** A scenario read by `read`; one that does not read is a 400 (`invalid_scenario`) with its problems. */
export function scenarioOrInvalid(read: () => Scenario): Scenario {
  try {
    return read();
  } catch (error) {
    if (error instanceof ScenarioError)
      throw new ValidationError(error.message, error.problems, 'invalid_scenario');
    throw error;
  }
}

/** Reads a scenario from YAML or JSON text (JSON is YAML), naming the line and field of each problem. */
export function parseScenarioText(text: string, source = 'scenario'): Scenario {
  const counter = new LineCounter();
  const doc = parseDocument(text, { lineCounter: counter, prettyErrors: false });
  if (doc.errors.length > 0) {
    throw new ScenarioError(
      source,
      doc.errors.map((e) => ({
        line: counter.linePos(e.pos[0]).line,
        field: '',
        message: e.message.split('\n')[0] ?? e.message,
      })),
    );
  }
  const parsed = scenarioSchema.safeParse(doc.toJS());
  if (!parsed.success)
    throw new ScenarioError(
      source,
      issues(parsed.error, (path) => lineOf(doc, counter, path)),
    );
  return parsed.data;
}

/** Reads a scenario given as an object (the REST call), naming the field of each problem. */
export function parseScenarioObject(value: unknown, source = 'scenario'): Scenario {
  const parsed = scenarioSchema.safeParse(value);
  if (!parsed.success)
    throw new ScenarioError(
      source,
      issues(parsed.error, () => undefined),
    );
  return parsed.data;
}

function issues(error: z.ZodError, line: (path: readonly PropertyKey[]) => number | undefined) {
  return error.issues.map((issue) => {
    const path = issue.path as PropertyKey[];
    const unknownKeys = issue.code === 'unrecognized_keys' ? issue.keys : [];
    const keyPath = unknownKeys.length > 0 ? [...path, unknownKeys[0] as string] : path;
    return { line: line(keyPath), field: fieldOf(keyPath), message: issue.message };
  });
}
