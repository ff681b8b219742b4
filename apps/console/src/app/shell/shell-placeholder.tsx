import { SHELL_TEXTS } from '../texts';

/**
 * What shows right after sign-in while the signed-in shell's chunk loads (without it the screen was blank grey for
 * 1 to 2 s on a slow phone): the top bar's frame with the product's name over the page's background, so the
 * console is there at once and its controls and panels fill in as they come. Plain elements: it is in the first
 * chunk, which stays free of the shell's components.
 */
export function ShellPlaceholder() {
  return (
    <div aria-busy="true" style={{ minHeight: '100vh', background: '#f5f5f5' }}>
      <div
        style={{
          height: 64,
          display: 'flex',
          alignItems: 'center',
          padding: '0 16px 0 64px',
          background: '#fff',
          borderBottom: '1px solid #f0f0f0',
          fontSize: 18,
          fontWeight: 600,
          color: 'rgba(0, 0, 0, 0.88)',
          whiteSpace: 'nowrap',
          overflow: 'hidden',
        }}
      >
        {SHELL_TEXTS.title}
      </div>
    </div>
  );
}
