import { Money } from '~/components/finance/money';
import { StackedColumnChart } from '~/components/finance/stacked-column-chart';
import { TestModeBadge } from '~/components/ui/badge';
import { DataTable } from '~/components/ui/data-table';
import { financePurposeLabels, financePurposes, stackedColumns, type FinancePurpose, type YearTotals } from '~/features/payments/finance';
import { formatCents } from '~/lib/money';
import { SectionHeading } from './finance.parts';

/** Each purpose's colour in the chart and its legend (contrast ≥ 3:1 on white). */
const purposeColors: Record<FinancePurpose, string> = {
  membership: '#223b6d',
  general: '#b7791f',
  medical: '#0f766e',
  iptv: '#7c3aed',
  tickets: '#be123c',
};

const CHART_HEIGHT = 220;

/** Money in a year (docs/product.md#finance): received, refunded, net; the chart and the table by month and purpose. */
export function MoneySection({ totals }: { totals: YearTotals }) {
  const figures = [
    { label: 'Received', cents: totals.total.grossCents, note: 'Every confirmed payment, online and offline' },
    { label: 'Refunded', cents: totals.total.refundedCents, note: 'Given back this year' },
    { label: 'Net', cents: totals.total.netCents, note: 'What stayed with the association' },
  ];
  return (
    <section aria-labelledby="money-heading">
      <SectionHeading id="money-heading" title={`Money in ${totals.year}`}>
        Payments count in the month they were received, refunds in the month they were given back. Each cause’s gifts include every renewal of its monthly and yearly gifts.
      </SectionHeading>
      <dl className="grid gap-4 sm:grid-cols-3">
        {figures.map((figure) => (
          <div key={figure.label} className="rounded-xl border border-border bg-white p-5 shadow-sm">
            <dt className="text-xs font-semibold uppercase tracking-wider text-muted-foreground">{figure.label}</dt>
            <dd className={`mt-2 text-3xl font-bold tabular-nums ${figure.label === 'Net' ? 'text-navy-900' : 'text-slate-800'}`}>{formatCents(figure.cents)}</dd>
            <dd className="mt-1 text-sm text-muted-foreground">{figure.note}</dd>
          </div>
        ))}
      </dl>
      {totals.testGrossCents > 0 ? (
        <p className="mt-3 flex flex-wrap items-center gap-2 text-sm text-slate-700">
          <TestModeBadge /> Includes {formatCents(totals.testGrossCents)} received in test mode: no money moved.
        </p>
      ) : null}
      <div className="mt-6 rounded-xl border border-border bg-white p-4 shadow-sm sm:p-6">
        <h3 className="text-lg font-semibold text-navy-900">Net by month and purpose</h3>
        <ul className="mt-3 flex flex-wrap gap-x-5 gap-y-2 text-sm text-slate-700" aria-label="Purposes in the chart">
          {financePurposes.map((purpose) => (
            <li key={purpose} className="inline-flex items-center gap-2">
              <span className="size-3 rounded-sm" style={{ backgroundColor: purposeColors[purpose] }} aria-hidden />
              {financePurposeLabels[purpose]}
            </li>
          ))}
        </ul>
        {totals.total.grossCents === 0 && totals.total.refundedCents === 0 ? (
          <p className="mt-6 rounded-lg bg-muted p-6 text-center text-slate-700">No money was received in {totals.year}.</p>
        ) : (
          <MonthChart totals={totals} />
        )}
      </div>
      <MonthTable totals={totals} />
    </section>
  );
}

function MonthChart({ totals }: { totals: YearTotals }) {
  const chart = stackedColumns(totals, CHART_HEIGHT);
  const best = [...totals.months].sort((a, b) => b.total.netCents - a.total.netCents)[0]!;
  return (
    <StackedColumnChart
      height={CHART_HEIGHT}
      columns={chart.columns.map((column) => ({ id: column.month, name: column.name, segments: column.segments.map(({ purpose, ...segment }) => ({ key: purpose, ...segment })) }))}
      ticks={chart.scale.ticks}
      y={chart.y}
      colors={purposeColors}
      labels={financePurposeLabels}
      title={`Net money received each month of ${totals.year}, stacked by purpose`}
      description={
        `In ${totals.year} the association received ${formatCents(totals.total.grossCents)}, refunded ${formatCents(totals.total.refundedCents)} and kept ${formatCents(totals.total.netCents)}. ` +
        `The best month was ${best.name} with ${formatCents(best.total.netCents)}. The table below gives every month and purpose.`
      }
    />
  );
}

type MonthLine = { key: string; label: string; cents: (purpose: FinancePurpose | 'total') => number; footer: boolean };

/** The months, then the year's received, refunded and net; a card per month on a phone (docs/architecture/pages.md#ui-conventions). */
function MonthTable({ totals }: { totals: YearTotals }) {
  const months: MonthLine[] = totals.months.map((month) => ({
    key: String(month.month),
    label: month.name,
    cents: (purpose) => (purpose === 'total' ? month.total.netCents : month.byPurpose[purpose].netCents),
    footer: false,
  }));
  const sums: MonthLine[] = (
    [
      ['Received', 'grossCents'],
      ['Refunded', 'refundedCents'],
      ['Net', 'netCents'],
    ] as const
  ).map(([label, key]) => ({
    key,
    label: `${label} ${totals.year}`,
    cents: (purpose) => (purpose === 'total' ? totals.total[key] : totals.byPurpose[purpose][key]),
    footer: true,
  }));
  const amount = (line: MonthLine, purpose: FinancePurpose | 'total') => (line.footer ? formatCents(line.cents(purpose)) : <Money cents={line.cents(purpose)} />);
  return (
    <DataTable
      caption={`Net by month and purpose, ${totals.year}`}
      showCaption
      dense
      className="mt-6"
      rows={months}
      footerRows={sums}
      rowKey={(line) => line.key}
      columns={[
        {
          header: 'Month',
          rowHeader: true,
          primary: true,
          cell: (line) => (line.footer ? <span className="font-semibold">{line.label}</span> : line.label),
          className: 'whitespace-nowrap font-medium text-navy-900',
        },
        ...financePurposes.map((purpose) => ({ header: financePurposeLabels[purpose], numeric: true, cell: (line: MonthLine) => amount(line, purpose), className: 'whitespace-nowrap' })),
        { header: 'Total', numeric: true, cell: (line) => amount(line, 'total'), className: 'whitespace-nowrap font-semibold text-navy-900' },
      ]}
    />
  );
}
