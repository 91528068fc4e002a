import type { OrderDayStats } from '@jesus-walks/contracts/orders';
import { Card } from '@/components/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatPrice } from '@/lib/format';
import { type DayBar, orderChartBars, orderChartSummary } from '../utils/order-chart';

/** One series as a row of vertical bars; decoration only (the summary and the table carry the figures). */
function Bars({ bars, value, tone }: { bars: DayBar[]; value: (bar: DayBar) => number; tone: string }) {
  return (
    <div aria-hidden="true" className="flex h-28 items-end gap-px sm:gap-0.5">
      {bars.map((bar) => (
        <div key={bar.date} className="flex h-full min-w-0 flex-1 items-end" title={`${bar.label}`}>
          <div className={`w-full rounded-t-sm ${tone}`} style={{ height: `${Math.max(value(bar), 0)}%` }} />
        </div>
      ))}
    </div>
  );
}

/**
 * Revenue and orders per day over the period, as bars (the approach of the seats chart: plain
 * elements, no chart library), with a one-sentence summary and the day-by-day figures in a table.
 */
export function OrdersChart({ perDay }: { perDay: readonly OrderDayStats[] }) {
  const bars = orderChartBars(perDay);
  const first = bars[0];
  const last = bars.at(-1);
  return (
    <Card className="grid min-w-0 gap-4 p-5">
      <figure
        className="grid min-w-0 gap-4"
        aria-labelledby="orders-chart-heading"
        aria-describedby="orders-chart-summary"
      >
        <figcaption className="grid gap-1">
          <h3 id="orders-chart-heading" className="font-semibold">
            Revenue and orders per day, last {perDay.length} days
          </h3>
          <p id="orders-chart-summary" className="text-sm text-muted-foreground" data-chart-summary>
            {orderChartSummary(perDay)}
          </p>
        </figcaption>
        <div className="grid gap-1">
          <p className="text-xs font-medium text-muted-foreground">Revenue ($)</p>
          <Bars bars={bars} value={(bar) => bar.revenuePercent} tone="bg-primary" />
        </div>
        <div className="grid gap-1">
          <p className="text-xs font-medium text-muted-foreground">Orders</p>
          <Bars bars={bars} value={(bar) => bar.ordersPercent} tone="bg-amber-500" />
        </div>
        {first && last ? (
          <div aria-hidden="true" className="flex justify-between text-xs text-muted-foreground">
            <span>{first.label}</span>
            <span>{last.label}</span>
          </div>
        ) : null}
      </figure>
      <details className="min-w-0 text-sm">
        <summary className="cursor-pointer font-medium">Figures by day</summary>
        <div className="mt-3">
          <Table label="Revenue and orders by day">
            <TableHeader>
              <TableRow>
                <TableHead>Day</TableHead>
                <TableHead>Orders</TableHead>
                <TableHead>Revenue</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {[...bars].reverse().map((bar) => (
                <TableRow key={bar.date} data-chart-day={bar.date}>
                  <TableCell>{bar.label}</TableCell>
                  <TableCell>{bar.orders}</TableCell>
                  <TableCell>{formatPrice(bar.revenue)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      </details>
    </Card>
  );
}
