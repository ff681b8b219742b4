import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import picomatch from 'picomatch';

/** What the bundler tells of a module while it splits chunks (rolldown's module info). */
export interface ModuleFacts {
  /** The module's code after the plugins' transforms; null when the bundler has none. */
  code: string | null;
  /** Its static imports and re-exports, resolved, in the order the code names them. */
  importedIds: readonly string[];
  /** What a plugin or the configuration said; null: the module's package.json decides. */
  moduleSideEffects?: boolean | 'no-treeshake' | null;
}
export type GetModuleFacts = (id: string) => ModuleFacts | null;

/** An ESTree parser (rolldown's parseAst): only the shapes of import and export declarations are read. */
export type ParseModule = (code: string) => unknown;

interface Named {
  name?: string;
  value?: string;
}
interface Statement {
  type: string;
  source?: { value: string } | null;
  specifiers?: { type: string; imported?: Named; local?: Named; exported?: Named }[];
  exported?: Named | null;
  declaration?: {
    id?: { name: string } | null;
    declarations?: { id: { type: string; name?: string } }[];
  } | null;
}

/** A module's imports and exports, each with the module it names resolved. */
export interface ModuleLinks {
  /** What its own code takes from other modules: [module, name] (WHOLE: a namespace or a bare import). */
  imports: [id: string, name: string][];
  /** An exported name -> the module and name it re-exports. */
  reexports: Map<string, [id: string, name: string]>;
  /** Modules it re-exports whole (`export * from`). */
  reexportsAll: string[];
  /** The names it exports from its own code. */
  localNames: Set<string>;
  /** It exports names the parse does not list (`export const { a, b } = ...`): any name may be its own. */
  unlistedNames: boolean;
}

/** Asked of a module: everything it has. */
const WHOLE = '*';
/** Asked of a module that is only evaluated (imported by a module that runs): no name. */
const EVALUATED = '';

const nameOf = (named: Named | null | undefined) => named?.name ?? named?.value ?? 'default';

/**
 * A module's links, or null when they cannot be read exactly: no code, a parse failure, or imports the
 * bundler resolved that the code does not show (CommonJS `require`, say). Such a module counts whole.
 */
export function readLinks(facts: ModuleFacts, parse: ParseModule): ModuleLinks | null {
  if (facts.code === null) return null;
  let body: Statement[];
  try {
    body = (parse(facts.code) as { body: Statement[] }).body;
  } catch {
    return null;
  }
  const sources: string[] = [];
  for (const statement of body) {
    if (statement.source && !sources.includes(statement.source.value)) {
      sources.push(statement.source.value);
    }
  }
  if (sources.length !== facts.importedIds.length) return null;
  const resolved = (statement: Statement) =>
    facts.importedIds[sources.indexOf(statement.source?.value ?? '')] ?? '';

  const links: ModuleLinks = {
    imports: [],
    reexports: new Map(),
    reexportsAll: [],
    localNames: new Set(),
    unlistedNames: false,
  };
  for (const statement of body) {
    const specifiers = statement.specifiers ?? [];
    if (statement.type === 'ImportDeclaration') {
      const id = resolved(statement);
      if (specifiers.length === 0) links.imports.push([id, EVALUATED]);
      for (const specifier of specifiers) {
        const name =
          specifier.type === 'ImportSpecifier'
            ? nameOf(specifier.imported)
            : specifier.type === 'ImportDefaultSpecifier'
              ? 'default'
              : WHOLE;
        links.imports.push([id, name]);
      }
    } else if (statement.type === 'ExportAllDeclaration') {
      if (statement.exported) links.reexports.set(nameOf(statement.exported), [resolved(statement), WHOLE]);
      else links.reexportsAll.push(resolved(statement));
    } else if (statement.type === 'ExportNamedDeclaration' && statement.source) {
      for (const specifier of specifiers)
        links.reexports.set(nameOf(specifier.exported), [resolved(statement), nameOf(specifier.local)]);
    } else if (statement.type === 'ExportNamedDeclaration') {
      for (const specifier of specifiers) links.localNames.add(nameOf(specifier.exported));
      const declaration = statement.declaration;
      if (declaration?.id) links.localNames.add(declaration.id.name);
      for (const { id } of declaration?.declarations ?? []) {
        if (id.type === 'Identifier' && id.name) links.localNames.add(id.name);
        else links.unlistedNames = true;
      }
    } else if (statement.type === 'ExportDefaultDeclaration') {
      links.localNames.add('default');
    }
  }
  return links;
}

/** The `sideEffects` rule of the package whose package.json is in `directory`, read as bundlers read it. */
function readSideEffectsRule(directory: string): (file: string) => boolean {
  try {
    const declared: unknown = JSON.parse(readFileSync(join(directory, 'package.json'), 'utf8')).sideEffects;
    if (declared === false) return () => false;
    if (Array.isArray(declared)) {
      // A pattern without a slash matches a file of that name in any folder of the package.
      const patterns = declared.map((pattern: string) =>
        pattern.includes('/') ? pattern.replace(/^\.\//, '') : `**/${pattern}`,
      );
      const matches = picomatch(patterns);
      return (file) => matches(relative(directory, file));
    }
  } catch {
    // No readable package.json: the module may do anything.
  }
  return () => true;
}

/** Each folder's package rule, found once per folder (a package's modules share a handful of folders). */
const sideEffectRules = new Map<string, (file: string) => boolean>();

function packageSideEffects(file: string): boolean {
  const folder = dirname(file);
  let rule = sideEffectRules.get(folder);
  if (!rule) {
    let directory = folder;
    while (directory !== dirname(directory) && !existsSync(join(directory, 'package.json'))) {
      directory = dirname(directory);
    }
    rule = sideEffectRules.get(directory) ?? readSideEffectsRule(directory);
    sideEffectRules.set(directory, rule);
    sideEffectRules.set(folder, rule);
  }
  return rule(file);
}

/** Whether evaluating the module may do something, so that it runs wherever it is imported. */
export function hasSideEffects(id: string, facts: ModuleFacts): boolean {
  if (typeof facts.moduleSideEffects === 'boolean') return facts.moduleSideEffects;
  if (facts.moduleSideEffects === 'no-treeshake' || id.startsWith('\0')) return true;
  return packageSideEffects(id.split('?')[0] ?? id);
}

/** The bundler's modules, each read once (links, side effects) however many walks ask. */
export interface ModuleGraph {
  facts(id: string): ModuleFacts | null;
  links(id: string): ModuleLinks | null;
  sideEffects(id: string): boolean;
}

export function moduleGraph(getFacts: GetModuleFacts, parse: ParseModule): ModuleGraph {
  const links = new Map<string, ModuleLinks | null>();
  const sideEffects = new Map<string, boolean>();
  return {
    facts: getFacts,
    links(id) {
      if (!links.has(id)) {
        const facts = getFacts(id);
        links.set(id, facts && readLinks(facts, parse));
      }
      return links.get(id) ?? null;
    },
    sideEffects(id) {
      let answer = sideEffects.get(id);
      if (answer === undefined) {
        const facts = getFacts(id);
        answer = facts ? hasSideEffects(id, facts) : false;
        sideEffects.set(id, answer);
      }
      return answer;
    },
  };
}

/**
 * The modules whose own code runs for `roots`, following static imports name by name: a name taken
 * from a library's index (`import { Button } from 'antd'`) leads through the index's re-exports to the
 * module that defines it, not to every module the index re-exports (which is what the import graph
 * alone would say). A module that may do something when evaluated counts wherever it is reached, with
 * everything it imports; one whose links cannot be read counts whole. So the answer may hold more than
 * the bundler keeps after tree-shaking, never less.
 */
export function modulesUsedBy(roots: readonly string[], graph: ModuleGraph): Set<string> {
  const asked = new Map<string, Set<string>>();
  const used = new Set<string>();
  // [module, name, reached through an `export *` (then a module that does not define the name is skipped)]
  const queue: [string, string, boolean?][] = roots.map((root) => [root, WHOLE]);

  const count = (id: string, facts: ModuleFacts, moduleLinks: ModuleLinks | null) => {
    if (used.has(id)) return;
    used.add(id);
    if (moduleLinks) queue.push(...moduleLinks.imports);
    else for (const dependency of facts.importedIds) queue.push([dependency, WHOLE]);
  };

  while (queue.length > 0) {
    const [id, name, throughStar] = queue.pop() as [string, string, boolean?];
    const names = asked.get(id) ?? new Set<string>();
    if (names.has(name) || names.has(WHOLE)) continue;
    const facts = graph.facts(id);
    if (!facts) continue;
    const moduleLinks = graph.links(id);
    const defines = (wanted: string) =>
      !moduleLinks ||
      moduleLinks.unlistedNames ||
      moduleLinks.localNames.has(wanted) ||
      moduleLinks.reexports.has(wanted);
    if (throughStar && moduleLinks?.reexportsAll.length === 0 && !defines(name)) continue;
    names.add(name);
    asked.set(id, names);

    if (graph.sideEffects(id)) {
      count(id, facts, moduleLinks);
      for (const dependency of facts.importedIds) queue.push([dependency, EVALUATED]);
    }
    if (name === EVALUATED) continue;
    if (!moduleLinks) {
      count(id, facts, null);
    } else if (name === WHOLE) {
      count(id, facts, moduleLinks);
      queue.push(...moduleLinks.reexports.values());
      for (const target of moduleLinks.reexportsAll) queue.push([target, WHOLE]);
    } else if (moduleLinks.reexports.has(name)) {
      queue.push(moduleLinks.reexports.get(name) as [string, string]);
    } else if (defines(name) || moduleLinks.reexportsAll.length === 0) {
      // Its own name, or one it ought to have (a CommonJS interop name, say): the module counts.
      count(id, facts, moduleLinks);
    } else {
      // Not its own: a module it re-exports whole defines it.
      for (const target of moduleLinks.reexportsAll) queue.push([target, name, true]);
    }
  }
  return used;
}
