import type { ReactNode } from 'react';
import { SECONDARY_TEXT } from '../../app/theme';
import { AUTH_TEXTS } from './texts';

// Plain elements rather than antd Card and Typography: the sign-in page is the first thing every
// user loads, and those two bring tabs, tooltips and ellipsis measuring that it never uses.
const secondary = { color: SECONDARY_TEXT } as const;

/** The centred card of the signed-out screens. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main
      style={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        padding: 16,
        background: '#f0f2f5',
        fontFamily: 'inherit',
      }}
    >
      <section
        aria-labelledby="auth-card-title"
        style={{
          width: 400,
          maxWidth: '100%',
          padding: 32,
          background: '#fff',
          borderRadius: 8,
          boxShadow: '0 1px 2px rgba(0, 0, 0, 0.06), 0 4px 16px rgba(0, 0, 0, 0.06)',
        }}
      >
        <div style={{ ...secondary, marginBottom: 4 }}>{AUTH_TEXTS.product}</div>
        <h1
          id="auth-card-title"
          style={{ margin: '0 0 24px', fontSize: 24, fontWeight: 600, lineHeight: 1.3 }}
        >
          {title}
        </h1>
        {children}
      </section>
    </main>
  );
}

/** A line of help text under a form. */
export function Hint({ children }: { children: ReactNode }) {
  return <p style={{ ...secondary, margin: '0 0 16px' }}>{children}</p>;
}
