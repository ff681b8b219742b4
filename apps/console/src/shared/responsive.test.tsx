import { render, screen } from '@testing-library/react';
import { screenWidth } from '../test/screen-width';
import { useScreenSize } from './responsive';

function Size() {
  return <p>{useScreenSize()}</p>;
}

describe('the layout the screen width asks for', () => {
  let restore: () => void = () => undefined;
  afterEach(() => restore());

  it.each([
    [360, 'phone'],
    [390, 'phone'],
    [767, 'phone'],
    [768, 'tablet'],
    [991, 'tablet'],
    [992, 'desktop'],
    [1440, 'desktop'],
  ])('when the screen is %i px wide, then the layout is a %s', (width, size) => {
    restore = screenWidth(width);
    render(<Size />);
    expect(screen.getByText(size)).toBeInTheDocument();
  });

  it('when no media query matches (a page without them), then the layout is a desktop', () => {
    render(<Size />);
    expect(screen.getByText('desktop')).toBeInTheDocument();
  });
});
