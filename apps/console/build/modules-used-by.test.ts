import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  hasSideEffects,
  moduleGraph,
  modulesUsedBy,
  readLinks,
  type ModuleFacts,
  type ParseModule,
} from './modules-used-by';

let parse: ParseModule;
beforeAll(async () => {
  ({ parseAst: parse } = await import('rolldown/parseAst'));
});

/** A module graph as the bundler describes it: each module's code, its resolved imports, side effects. */
type Graph = Record<string, { code: string; imports?: string[]; sideEffects?: boolean }>;

function factsOf(graph: Graph) {
  return (id: string): ModuleFacts | null => {
    const module = graph[id];
    return module
      ? {
          code: module.code,
          importedIds: module.imports ?? [],
          moduleSideEffects: module.sideEffects ?? false,
        }
      : null;
  };
}

const used = (graph: Graph, roots: string[]) =>
  [...modulesUsedBy(roots, moduleGraph(factsOf(graph), parse))].sort();

describe('modulesUsedBy', () => {
  it('follows a name through a library index to the one module that defines it', () => {
    const graph: Graph = {
      page: { code: "import { Button } from 'lib'; export const page = Button;", imports: ['lib/index'] },
      'lib/index': {
        code: "export { default as Button } from './button'; export { default as Card } from './card';",
        imports: ['lib/button', 'lib/card'],
      },
      'lib/button': {
        code: "import { token } from './theme'; export default token;",
        imports: ['lib/theme'],
      },
      'lib/card': { code: 'export default 1;' },
      'lib/theme': { code: 'export const token = 1;' },
    };
    expect(used(graph, ['page'])).toEqual(['lib/button', 'lib/theme', 'page']);
  });

  it('finds a name behind `export *` in the module that defines it, and only there', () => {
    const graph: Graph = {
      page: { code: "import { b } from './index';", imports: ['index'] },
      index: { code: "export * from './a'; export * from './b';", imports: ['a', 'b'] },
      a: { code: 'export const a = 1;' },
      b: { code: 'export function b() {}' },
    };
    expect(used(graph, ['page'])).toEqual(['b', 'page']);
  });

  it('counts a module that does something when evaluated wherever it is reached, with what it imports', () => {
    const graph: Graph = {
      page: { code: "import { Button } from 'lib';", imports: ['lib/index'] },
      'lib/index': {
        code: "import './register'; export { default as Button } from './button';",
        imports: ['lib/register', 'lib/button'],
        sideEffects: true,
      },
      'lib/register': {
        code: "import { table } from './table'; table.push(1);",
        imports: ['lib/table'],
        sideEffects: true,
      },
      'lib/table': { code: 'export const table = [];' },
      'lib/button': { code: 'export default 1;' },
    };
    expect(used(graph, ['page'])).toEqual(['lib/button', 'lib/index', 'lib/register', 'lib/table', 'page']);
  });

  it('leaves out a module only imported for its effects when it has none', () => {
    const graph: Graph = {
      page: { code: "import './quiet'; export const page = 1;", imports: ['quiet'] },
      quiet: { code: 'export const nothing = 1;' },
    };
    expect(used(graph, ['page'])).toEqual(['page']);
  });

  it('counts whole, with everything it requires, a module whose imports the code does not show (CommonJS)', () => {
    const graph: Graph = {
      page: { code: "import semver from 'semver'; export const page = semver;", imports: ['semver/index'] },
      'semver/index': { code: "module.exports = require('./parse');", imports: ['semver/parse'] },
      'semver/parse': { code: 'module.exports = () => 1;' },
    };
    expect(used(graph, ['page'])).toEqual(['page', 'semver/index', 'semver/parse']);
  });

  it('counts a namespace import as every name of the module, re-exports included', () => {
    const graph: Graph = {
      page: { code: "import * as lib from './index'; export const page = lib;", imports: ['index'] },
      index: {
        code: "export { x } from './x'; export * from './y'; export const own = 1;",
        imports: ['x', 'y'],
      },
      x: { code: 'export const x = 1;' },
      y: { code: 'export const y = 1;' },
    };
    expect(used(graph, ['page'])).toEqual(['index', 'page', 'x', 'y']);
  });
});

describe('readLinks', () => {
  it('gives up on a module whose code names fewer modules than the bundler resolved', () => {
    expect(readLinks({ code: 'export const a = 1;', importedIds: ['helper'] }, parse)).toBeNull();
  });

  it('says a destructured export may define any name', () => {
    const links = readLinks({ code: 'export const { a, b } = { a: 1, b: 2 };', importedIds: [] }, parse);
    expect(links?.unlistedNames).toBe(true);
  });
});

describe('hasSideEffects', () => {
  let packageDirectory: string;
  beforeAll(() => {
    packageDirectory = mkdtempSync(join(tmpdir(), 'side-effects-'));
    mkdirSync(join(packageDirectory, 'es/style'), { recursive: true });
    writeFileSync(
      join(packageDirectory, 'package.json'),
      JSON.stringify({ name: 'lib', sideEffects: ['*.css', './es/register.js'] }),
    );
  });
  afterAll(() => rmSync(packageDirectory, { recursive: true, force: true }));

  const unsaid: ModuleFacts = { code: '', importedIds: [], moduleSideEffects: null };

  it("reads the package's sideEffects patterns when the bundler was told nothing", () => {
    expect(hasSideEffects(join(packageDirectory, 'es/style/reset.css'), unsaid)).toBe(true);
    expect(hasSideEffects(join(packageDirectory, 'es/register.js'), unsaid)).toBe(true);
    expect(hasSideEffects(join(packageDirectory, 'es/button.js'), unsaid)).toBe(false);
  });

  it('takes what the bundler was told over the package', () => {
    expect(
      hasSideEffects(join(packageDirectory, 'es/button.js'), { ...unsaid, moduleSideEffects: true }),
    ).toBe(true);
  });
});
