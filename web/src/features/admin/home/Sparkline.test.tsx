import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Sparkline, sparkBars } from './Sparkline.tsx';

describe('Sparkline', () => {
  it('sparkBars, positive values, scales the largest to the full height and gives a zero a hairline', () => {
    const bars = sparkBars([0, 5, 10], 30, 20);
    expect(bars.map((b) => b.height)).toEqual([1, 10, 20]);
    expect(bars.map((b) => b.y)).toEqual([19, 10, 0]);
  });

  it('sparkBars, a negative day, hangs below the zero line', () => {
    const [up, down] = sparkBars([30, -10], 20, 40);
    expect(up).toMatchObject({ y: 0, height: 30 });
    expect(down).toMatchObject({ y: 30, height: 10 });
  });

  it('Sparkline, a week, is one labelled image with seven bars and today highlighted', () => {
    render(<Sparkline values={[1, 2, 3, 4, 5, 6, 7]} label="7日間の推移" />);
    const chart = screen.getByRole('img', { name: '7日間の推移' });
    expect(chart.querySelectorAll('rect')).toHaveLength(7);
    expect(chart.querySelectorAll('.sparkline__bar--today')).toHaveLength(1);
  });
});
