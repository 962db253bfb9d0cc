import { formatCents, formatWholeDollars } from '~/lib/money';

export type ChartSegment = { key: string; cents: number; y: number; height: number };
export type ChartColumnData = { id: number; name: string; segments: ChartSegment[] };

/**
 * A stacked column chart drawn on the server (the finance view's money by month and purpose). The
 * columns' x positions are percentages, so the chart fills any width while its text keeps its size
 * (readable at 375 px). `y` places an amount in the chart's pixels; `columns` come with theirs
 * (features/payments/finance.ts computes them). The page gives every figure in a table too; the
 * title and description say what the chart shows.
 */
export function StackedColumnChart({
  height,
  columns,
  ticks,
  y,
  colors,
  labels,
  title,
  description,
}: {
  height: number;
  columns: ChartColumnData[];
  ticks: number[];
  y: (cents: number) => number;
  colors: Record<string, string>;
  labels: Record<string, string>;
  title: string;
  description: string;
}) {
  const slot = 100 / columns.length;
  const top = 8;
  const labelSpace = 24;
  return (
    <figure className="mt-6">
      <div className="flex gap-2">
        <div className="relative w-14 shrink-0 text-right text-xs tabular-nums text-muted-foreground" style={{ height: height + top + labelSpace }} aria-hidden>
          {ticks.map((tick) => (
            <span key={tick} className="absolute right-0 -translate-y-1/2 whitespace-nowrap" style={{ top: y(tick) + top }}>
              {formatWholeDollars(tick)}
            </span>
          ))}
        </div>
        <svg role="img" aria-labelledby="chart-title chart-description" width="100%" height={height + top + labelSpace} className="block min-w-0 flex-1 overflow-visible">
          <title id="chart-title">{title}</title>
          <desc id="chart-description">{description}</desc>
          {ticks.map((tick) => (
            <line key={tick} x1="0" x2="100%" y1={y(tick) + top} y2={y(tick) + top} stroke={tick === 0 ? '#94a3b8' : '#e2e5ea'} strokeWidth={1} />
          ))}
          {columns.map((column, index) =>
            column.segments.map((segment) => (
              <rect key={`${column.id}-${segment.key}`} x={`${(index + 0.2) * slot}%`} width={`${slot * 0.6}%`} y={segment.y + top} height={Math.max(segment.height, 0.5)} fill={colors[segment.key]}>
                <title>{`${column.name}, ${labels[segment.key]}: ${formatCents(segment.cents)}`}</title>
              </rect>
            )),
          )}
          {columns.map((column, index) => (
            <text key={column.id} x={`${(index + 0.5) * slot}%`} y={height + top + 17} textAnchor="middle" className="fill-slate-600 text-[11px]">
              <tspan className="sm:hidden">{column.name.slice(0, 1)}</tspan>
              <tspan className="hidden sm:inline">{column.name.slice(0, 3)}</tspan>
            </text>
          ))}
        </svg>
      </div>
    </figure>
  );
}
