import { act, render, screen } from '@testing-library/react';
import { theme } from 'antd';
import { Providers } from './providers';
import { makeStore } from './store';

/** What antd's components read of the theme's motion. */
function MotionProbe() {
  const { token } = theme.useToken();
  return <div data-testid="motion">{`${String(token.motion)} ${token.motionDurationMid}`}</div>;
}

/** A system whose 'reduce motion' setting is `reduce`, and that can change it while the console runs. */
function systemMotion(reduce: boolean) {
  const listeners = new Set<() => void>();
  const original = window.matchMedia;
  const system = { reduce };
  window.matchMedia = ((query: string) => ({
    get matches() {
      return query === '(prefers-reduced-motion: reduce)' && system.reduce;
    },
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
    dispatchEvent: () => false,
  })) as unknown as typeof window.matchMedia;
  return {
    change(next: boolean) {
      system.reduce = next;
      for (const listener of listeners) listener();
    },
    restore: () => {
      window.matchMedia = original;
    },
  };
}

function renderProviders() {
  render(
    <Providers store={makeStore()}>
      <MotionProbe />
    </Providers>,
  );
  return () => screen.getByTestId('motion').textContent;
}

describe('the providers and the reduce motion setting', () => {
  it.each([
    {
      reduce: true,
      shown: 'false 0s',
      name: 'when the system asks for reduced motion, then antd runs without motion',
    },
    {
      reduce: false,
      shown: 'true 0.2s',
      name: 'when the system does not ask for it, then antd keeps its motion',
    },
  ])('$name', ({ reduce, shown }) => {
    const system = systemMotion(reduce);
    try {
      const motion = renderProviders();
      expect(motion()).toBe(shown);
    } finally {
      system.restore();
    }
  });

  it('when the setting changes while the console runs, then the motion follows it', () => {
    const system = systemMotion(false);
    try {
      const motion = renderProviders();
      act(() => system.change(true));
      expect(motion()).toBe('false 0s');
      act(() => system.change(false));
      expect(motion()).toBe('true 0.2s');
    } finally {
      system.restore();
    }
  });
});
