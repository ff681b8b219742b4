import { act, render, screen, waitFor } from '@testing-library/react';
import { lazyComponent } from '../lazy-component';
import { framedChart } from './chart-frame';
import type { DrawnCallback } from './chart-types';
import { TrendChart } from './index';

/** A chart that draws when the test says so, as G2 draws some time after the chart is created. */
let drawNow: (() => void) | undefined;
function SlowChart({ onDrawn }: DrawnCallback & { points: readonly unknown[]; height: number }) {
  drawNow = onDrawn;
  return <canvas />;
}
const SlowFramed = framedChart(
  lazyComponent(
    async () => SlowChart,
    (chart) => chart,
  ),
);

const frameOf = (name: string) => screen.getByRole('figure', { name });

describe('a chart frame says whether its chart is on screen yet', () => {
  beforeEach(() => {
    drawNow = undefined;
  });

  it('is busy while the chart is created but has not drawn, and no longer once it has', async () => {
    render(<SlowFramed label="Slow" emptyText="Nothing" points={[1, 2]} height={100} />);
    expect(frameOf('Slow')).toHaveAttribute('aria-busy', 'true');
    await waitFor(() => expect(frameOf('Slow').querySelector('canvas')).not.toBeNull());
    expect(frameOf('Slow')).toHaveAttribute('aria-busy', 'true');

    act(() => drawNow?.());
    expect(frameOf('Slow')).toHaveAttribute('aria-busy', 'false');
  });

  it('is not busy when there is nothing to draw', () => {
    render(<SlowFramed label="Slow" emptyText="Nothing" points={[]} height={100} />);
    expect(frameOf('Slow')).toHaveAttribute('aria-busy', 'false');
    expect(screen.getByText('Nothing')).toBeInTheDocument();
  });

  it('a real chart component reports through onReady when G2 has drawn it', async () => {
    render(
      <TrendChart label="Trend" emptyText="No samples" points={[{ sample: 1, connected: 3 }]} height={100} />,
    );
    await waitFor(() => expect(frameOf('Trend')).toHaveAttribute('aria-busy', 'false'));
    expect(screen.getByTestId('chart-line')).toBeInTheDocument();
  });
});
