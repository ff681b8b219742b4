import { signedInChunk, SIGNED_IN_CHUNK } from './signed-in-chunk';

const root = '/console/';
const options = {
  root,
  signedInRoots: ['src/shell.tsx'],
  publicRoots: ['src/main.tsx', 'src/login.tsx'],
  ownChunkFolders: ['src/'],
  parse: () => ({ body: [] }),
};

interface FakeChunk {
  fileName: string;
  name: string;
  imports: string[];
  isEntry?: boolean;
  facadeModuleId?: string;
}
const chunk = (fields: FakeChunk) => ({ type: 'chunk', isEntry: false, facadeModuleId: null, ...fields });

/** Runs the guard on a bundle; answers the build error it raised, if any. */
function guard(chunks: FakeChunk[]): string | undefined {
  const { guard: plugin } = signedInChunk(options);
  const bundle = Object.fromEntries(chunks.map((c) => [c.fileName, chunk(c)]));
  let raised: string | undefined;
  const context = { error: (message: string) => (raised = message) };
  (plugin.generateBundle as unknown as (this: typeof context, output: unknown, files: unknown) => void).call(
    context,
    {},
    bundle,
  );
  return raised;
}

describe('the signed-in chunk guard', () => {
  it('passes a build where only the signed-in screens load the chunk', () => {
    expect(
      guard([
        { fileName: 'index.js', name: 'index', imports: ['react.js'], isEntry: true },
        {
          fileName: 'login.js',
          name: 'login',
          imports: ['react.js'],
          facadeModuleId: `${root}src/login.tsx`,
        },
        {
          fileName: 'shell.js',
          name: 'shell',
          imports: ['signed-in.js'],
          facadeModuleId: `${root}src/shell.tsx`,
        },
        { fileName: 'react.js', name: 'react', imports: [] },
        { fileName: 'signed-in.js', name: SIGNED_IN_CHUNK, imports: ['react.js'] },
      ]),
    ).toBeUndefined();
  });

  it('fails a build where a signed-out page would load the chunk through a shared one', () => {
    expect(
      guard([
        { fileName: 'index.js', name: 'index', imports: [], isEntry: true },
        {
          fileName: 'login.js',
          name: 'login',
          imports: ['button.js'],
          facadeModuleId: `${root}src/login.tsx`,
        },
        { fileName: 'button.js', name: 'button', imports: ['signed-in.js'] },
        { fileName: 'signed-in.js', name: SIGNED_IN_CHUNK, imports: [] },
      ]),
    ).toMatch(/signed-in\.js would load signed out/);
  });
});
