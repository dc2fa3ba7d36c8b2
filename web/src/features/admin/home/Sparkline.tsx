/** One bar per day, oldest first; `label` says the values in words (the bars alone are not readable to everyone). */
export interface SparklineProps {
  values: readonly number[];
  label: string;
  width?: number;
  height?: number;
}

/** Bar geometry over a zero line: negative values (a day of refunds) hang below it; every day gets at least a hairline. */
export function sparkBars(values: readonly number[], width: number, height: number) {
  const top = Math.max(0, ...values);
  const bottom = Math.min(0, ...values);
  const range = top - bottom || 1;
  const zeroY = (top / range) * height;
  const slot = width / Math.max(1, values.length);
  const gap = Math.min(3, slot * 0.25);
  return values.map((value, index) => {
    const size = Math.max(1, (Math.abs(value) / range) * height);
    const y = value >= 0 ? Math.min(zeroY, height) - size : zeroY;
    return { x: index * slot + gap / 2, y: Math.max(0, y), width: slot - gap, height: size };
  });
}

/** A small inline chart of a week (no chart library: seven rectangles); today's bar in the accent colour. */
export function Sparkline({ values, label, width = 112, height = 32 }: SparklineProps) {
  const bars = sparkBars(values, width, height);
  return (
    <svg
      className="sparkline"
      role="img"
      aria-label={label}
      width={width}
      height={height}
      viewBox={`0 0 ${width} ${height}`}
    >
      <title>{label}</title>
      {bars.map((bar, index) => (
        <rect
          key={index}
          className={index === bars.length - 1 ? 'sparkline__bar sparkline__bar--today' : 'sparkline__bar'}
          x={bar.x}
          y={bar.y}
          width={bar.width}
          height={bar.height}
          rx={1.5}
        />
      ))}
    </svg>
  );
}
