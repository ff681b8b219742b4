import type { Plugin } from 'vite';
import { moduleGraph, modulesUsedBy, type ModuleFacts, type ParseModule } from './modules-used-by';

export interface SignedInChunkOptions {
  /** The console's folder (ends with a slash): the roots below are relative to it. */
  root: string;
  /** What a sign-in loads: the shell, the first screen, the live channel. */
  signedInRoots: readonly string[];
  /** What is loaded signed out: the entry and the public screens. None of them may need the chunk. */
  publicRoots: readonly string[];
  /** Folders whose modules stay in chunks of their own (each screen is its own chunk). */
  ownChunkFolders: readonly string[];
  parse: ParseModule;
}

export const SIGNED_IN_CHUNK = 'signed-in';

interface ChunkingContext {
  getModuleInfo(id: string): ModuleFacts | null;
}

/**
 * The library code that signing in needs and the signed-out pages do not (antd's layout, menu, cards
 * and the like; socket.io), in one chunk instead of the thirty-odd small ones the bundler cuts by which
 * screens share what: the browser opens at most six connections to the server, and a sign-in spent
 * about a tenth of a second more fetching them one after another (docs/performance.md).
 *
 * `group` is a code-splitting group for rolldown; `guard` fails the build if a signed-out page would
 * load the chunk after all (the login page's budget is 250 KB of JavaScript).
 */
export function signedInChunk(options: SignedInChunkOptions) {
  const { root, parse } = options;
  const absolute = (paths: readonly string[]) => paths.map((path) => `${root}${path}`);
  const ownChunk = absolute(options.ownChunkFolders);
  let members: Set<string> | undefined;

  const group = {
    name(id: string, context: ChunkingContext): string | null {
      if (!members) {
        const graph = moduleGraph((module) => context.getModuleInfo(module), parse);
        const signedOut = modulesUsedBy(absolute(options.publicRoots), graph);
        const signedIn = modulesUsedBy(absolute(options.signedInRoots), graph);
        members = new Set(
          [...signedIn].filter(
            (module) => !signedOut.has(module) && !ownChunk.some((folder) => module.startsWith(folder)),
          ),
        );
      }
      return members.has(id) ? SIGNED_IN_CHUNK : null;
    },
  };

  const guard: Plugin = {
    name: 'signed-in-chunk-guard',
    apply: 'build',
    generateBundle(_output, bundle) {
      const chunks = Object.values(bundle).flatMap((file) => (file.type === 'chunk' ? [file] : []));
      const importsOf = new Map(chunks.map((chunk) => [chunk.fileName, chunk.imports]));
      const publicIds = new Set(absolute(options.publicRoots));
      const loadedSignedOut = new Set<string>();
      const visit = (fileName: string) => {
        if (loadedSignedOut.has(fileName)) return;
        loadedSignedOut.add(fileName);
        for (const imported of importsOf.get(fileName) ?? []) visit(imported);
      };
      for (const chunk of chunks) {
        if (chunk.isEntry || (chunk.facadeModuleId && publicIds.has(chunk.facadeModuleId)))
          visit(chunk.fileName);
      }
      const leaked = chunks.find(
        (chunk) => chunk.name === SIGNED_IN_CHUNK && loadedSignedOut.has(chunk.fileName),
      );
      if (leaked) {
        this.error(
          `${leaked.fileName} would load signed out: a public page imports a module of the signed-in chunk (build/signed-in-chunk.ts).`,
        );
      }
    },
  };

  return { group, guard };
}
