import { Card } from '@/components/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatPrice } from '@/lib/format';
import { type DayBar, type OverviewDay, orderChartBars, orderChartSummary } from '../utils/order-chart';

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

/** The day's revenue as one bar: the shop's part below, the walks' part on top. */
function RevenueBars({ bars }: { bars: DayBar[] }) {
  return (
    <div aria-hidden="true" className="flex h-28 items-end gap-px sm:gap-0.5">
      {bars.map((bar) => (
        <div
          key={bar.date}
          className="flex h-full min-w-0 flex-1 flex-col justify-end"
          title={`${bar.label}: shop ${formatPrice(bar.shopRevenue)}, walks ${formatPrice(bar.walksRevenue)}`}
        >
          <div className="w-full rounded-t-sm bg-sky-600" style={{ height: `${bar.walksPercent}%` }} />
          <div className="w-full bg-primary" style={{ height: `${bar.shopPercent}%` }} />
        </div>
      ))}
    </div>
  );
}

function Key({ tone, children }: { tone: string; children: React.ReactNode }) {
  return (
    <span className="inline-flex items-center gap-1.5">
      <span aria-hidden="true" className={`inline-block size-2.5 rounded-sm ${tone}`} />
      {children}
    </span>
  );
}

/**
 * Revenue per day over the period, the shop's and the paid walks' stacked, then the orders and the
 * paid walk seats, as bars (the approach of the seats chart: plain elements, no chart library),
 * with a one-sentence summary and the day-by-day figures in a table. Test mode is in none of them.
 * `walks` false: the walks' figures could not be loaded (the chart is the shop's, and says so).
 */
export function OrdersChart({ days, walks = true }: { days: readonly OverviewDay[]; walks?: boolean }) {
  const bars = orderChartBars(days);
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
            Revenue, orders and paid walk seats per day, last {days.length} days
          </h3>
          <p id="orders-chart-summary" className="text-sm text-muted-foreground" data-chart-summary>
            {orderChartSummary(days, { walks })}
          </p>
        </figcaption>
        <div className="grid gap-1">
          <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-xs font-medium text-muted-foreground">
            <span>Revenue ($)</span>
            <Key tone="bg-primary">Shop</Key>
            {walks ? <Key tone="bg-sky-600">Walks</Key> : null}
          </div>
          <RevenueBars bars={bars} />
        </div>
        <div className="grid gap-1">
          <p className="text-xs font-medium text-muted-foreground">Orders</p>
          <Bars bars={bars} value={(bar) => bar.ordersPercent} tone="bg-amber-500" />
        </div>
        {walks ? (
          <div className="grid gap-1">
            <p className="text-xs font-medium text-muted-foreground">Paid walk seats</p>
            <Bars bars={bars} value={(bar) => bar.seatsPercent} tone="bg-sky-600" />
          </div>
        ) : null}
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
          <Table label="Revenue, orders and paid walk seats by day">
            <TableHeader>
              <TableRow>
                <TableHead>Day</TableHead>
                <TableHead>Orders</TableHead>
                <TableHead>Shop</TableHead>
                {walks ? (
                  <>
                    <TableHead>Walk seats</TableHead>
                    <TableHead>Walks</TableHead>
                    <TableHead>Revenue</TableHead>
                  </>
                ) : null}
              </TableRow>
            </TableHeader>
            <TableBody>
              {[...bars].reverse().map((bar) => (
                <TableRow key={bar.date} data-chart-day={bar.date}>
                  <TableCell>{bar.label}</TableCell>
                  <TableCell>{bar.orders}</TableCell>
                  <TableCell>{formatPrice(bar.shopRevenue)}</TableCell>
                  {walks ? (
                    <>
                      <TableCell>{bar.seats}</TableCell>
                      <TableCell>{formatPrice(bar.walksRevenue)}</TableCell>
                      <TableCell>{formatPrice(bar.revenue)}</TableCell>
                    </>
                  ) : null}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      </details>
    </Card>
  );
}
