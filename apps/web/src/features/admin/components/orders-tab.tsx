import { orderStatuses } from '@jesus-walks/contracts/orders';
import { DownloadIcon, EyeIcon, Trash2Icon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import {
  Table,
  TableBody,
  TableCell,
  TableEmptyRow,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { formatPrice } from '@/lib/format';
import { useDeleteOrder } from '../api/delete-order';
import { useDownloadOrdersCsv } from '../api/download-orders-csv';
import {
  type AdminOrderListItem,
  type AdminOrdersFilter,
  emptyOrdersFilter,
  ORDERS_PAGE_SIZE,
  useAdminOrders,
} from '../api/get-admin-orders';
import { customerLabel } from '../utils/orders';
import { pageCountOf } from '../utils/paging';
import { useDebouncedValue } from '../utils/use-debounced-value';
import { formatValleyDate, formatValleyTime } from '../utils/valley-time';
import { ConfirmDialog } from './confirm-dialog';
import { FilterField, SearchInput } from './list-filters';
import { ListPager } from './list-pager';
import { ListStatus } from './list-status';
import { OrderDetailsDialog } from './order-details-dialog';
import { OrderStatusBadge } from './order-status-badge';
import { SectionHeader } from './section-header';
import { TestModeBadge } from './test-mode-badge';

/** Status, words (id, name, e-mail) and valley days; every change goes back to page 1. */
function OrderFilters({
  filter,
  onChange,
}: {
  filter: AdminOrdersFilter;
  onChange: (next: Partial<AdminOrdersFilter>) => void;
}) {
  const invertedRange = filter.from !== '' && filter.to !== '' && filter.from > filter.to;
  return (
    <search
      aria-label="Filter orders"
      className="grid min-w-0 gap-3 sm:grid-cols-2 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)_minmax(0,1fr)]"
    >
      <FilterField id="orders-search" label="Search">
        <SearchInput
          id="orders-search"
          placeholder="Order ID, customer name or e-mail"
          value={filter.search}
          maxLength={100}
          onChange={(event) => onChange({ search: event.target.value })}
        />
      </FilterField>
      <FilterField id="orders-status" label="Status">
        <NativeSelect
          id="orders-status"
          value={filter.status}
          onChange={(event) => onChange({ status: event.target.value as AdminOrdersFilter['status'] })}
        >
          <option value="">Every status</option>
          {orderStatuses.map((status) => (
            <option key={status} value={status}>
              {status}
            </option>
          ))}
        </NativeSelect>
      </FilterField>
      <FilterField id="orders-from" label="From">
        <Input
          id="orders-from"
          type="date"
          value={filter.from}
          max={filter.to || undefined}
          onChange={(event) => onChange({ from: event.target.value })}
        />
      </FilterField>
      <FilterField id="orders-to" label="To">
        <Input
          id="orders-to"
          type="date"
          value={filter.to}
          min={filter.from || undefined}
          aria-invalid={invertedRange ? true : undefined}
          aria-describedby={invertedRange ? 'orders-range-error' : undefined}
          onChange={(event) => onChange({ to: event.target.value })}
        />
      </FilterField>
      {invertedRange ? (
        <p id="orders-range-error" className="text-sm text-destructive sm:col-span-2 lg:col-span-4">
          The start date must be on or before the end date.
        </p>
      ) : null}
      <p className="text-xs text-muted-foreground sm:col-span-2 lg:col-span-4">
        Dates and times are the valley's (Pacific Time), here, in the order details and in the CSV.
      </p>
    </search>
  );
}

/** The status badge, and 'Test mode' for an order the built-in sandbox paid. */
function StatusBadges({ order }: { order: AdminOrderListItem }) {
  return (
    <span className="inline-flex flex-wrap items-center gap-1.5">
      <OrderStatusBadge status={order.status} />
      {order.testMode ? <TestModeBadge /> : null}
    </span>
  );
}

/** Who it is for: the member's username or the guest's name, and the e-mail the order carries. */
function CustomerText({ order }: { order: AdminOrderListItem }) {
  return (
    <span className="grid min-w-0">
      <span className="break-words">{customerLabel(order)}</span>
      {order.customerEmail ? (
        <span className="text-xs break-all text-muted-foreground">{order.customerEmail}</span>
      ) : null}
    </span>
  );
}

/** The valley's day, and its time with the zone named (one zone across the list, CSV and details). */
function CreatedText({ createdAt }: { createdAt: string }) {
  return (
    <time dateTime={createdAt} className="grid">
      <span>{formatValleyDate(createdAt)}</span>
      <span className="text-xs text-muted-foreground">{formatValleyTime(createdAt)}</span>
    </time>
  );
}

function OrderActions({
  order,
  onView,
  onDelete,
}: {
  order: AdminOrderListItem;
  onView: () => void;
  onDelete: () => void;
}) {
  return (
    <div className="flex gap-2">
      <Button size="sm" variant="outline" onClick={onView} aria-label={`View order ${order.id}`}>
        <EyeIcon aria-hidden="true" />
        View
      </Button>
      <Button size="sm" variant="destructive" onClick={onDelete} aria-label={`Delete order ${order.id}`}>
        <Trash2Icon aria-hidden="true" />
        Delete
      </Button>
    </div>
  );
}

/** One order as a card (narrow screens): the table's figures, labelled, and its actions. */
function OrderCard({
  order,
  onView,
  onDelete,
}: {
  order: AdminOrderListItem;
  onView: () => void;
  onDelete: () => void;
}) {
  return (
    <li data-order-card={order.id}>
      <Card className="grid min-w-0 gap-3 p-4 text-sm">
        <div className="flex min-w-0 flex-wrap items-center justify-between gap-2">
          <span className="font-semibold">Order #{order.id}</span>
          <StatusBadges order={order} />
        </div>
        <dl className="grid min-w-0 grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1.5">
          <dt className="text-muted-foreground">User ID</dt>
          <dd>{order.userId ?? 'Guest'}</dd>
          <dt className="text-muted-foreground">Customer</dt>
          <dd className="min-w-0">
            <CustomerText order={order} />
          </dd>
          <dt className="text-muted-foreground">Total</dt>
          <dd>{formatPrice(order.total)}</dd>
          <dt className="text-muted-foreground">Created</dt>
          <dd>
            <CreatedText createdAt={order.createdAt} />
          </dd>
        </dl>
        <OrderActions order={order} onView={onView} onDelete={onDelete} />
      </Card>
    </li>
  );
}

/**
 * Orders Management: the table of SPEC.md section 2, paged and filtered on the server (so it stays
 * quick with tens of thousands of orders), with 'Export CSV' of the same filters.
 */
export function OrdersTab() {
  const [filter, setFilter] = useState<AdminOrdersFilter>(emptyOrdersFilter);
  const [page, setPage] = useState(1);
  const search = useDebouncedValue(filter.search);
  // An inverted range would only answer 400: the last good range stays until it is fixed.
  const rangeOk = !filter.from || !filter.to || filter.from <= filter.to;
  const [applied, setApplied] = useState<AdminOrdersFilter>(emptyOrdersFilter);
  useEffect(() => {
    if (rangeOk) setApplied({ ...filter, search });
  }, [filter, search, rangeOk]);

  const orders = useAdminOrders(applied, page);
  const exportCsv = useDownloadOrdersCsv();
  const [viewing, setViewing] = useState<AdminOrderListItem | null>(null);
  const [deleting, setDeleting] = useState<AdminOrderListItem | null>(null);
  const deletion = useDeleteOrder();
  const list = orders.data?.items ?? [];
  const total = orders.data?.total ?? 0;
  const pages = pageCountOf(total, ORDERS_PAGE_SIZE);
  // The open order follows the list, so a refresh shows its new status (else its last known state).
  const current = viewing ? (list.find((order) => order.id === viewing.id) ?? viewing) : null;

  // A deletion can empty the last page: step back to the new last one.
  useEffect(() => {
    if (orders.data && page > pages) setPage(pages);
  }, [orders.data, page, pages]);

  const changeFilter = (next: Partial<AdminOrdersFilter>) => {
    setFilter((previous) => ({ ...previous, ...next }));
    setPage(1);
  };

  const confirmDelete = () => {
    if (!deleting) return;
    deletion.mutate(deleting.id, { onSettled: () => setDeleting(null) });
  };

  const filtered = Boolean(applied.status || applied.search.trim() || applied.from || applied.to);

  return (
    <section className="grid min-w-0 gap-4" aria-labelledby="orders-heading">
      <SectionHeader id="orders-heading" title="Orders Management">
        <Button
          variant="outline"
          onClick={() => exportCsv.mutate(applied)}
          disabled={exportCsv.isPending || !rangeOk}
        >
          <DownloadIcon aria-hidden="true" />
          {exportCsv.isPending ? 'Exporting...' : 'Export CSV'}
        </Button>
      </SectionHeader>
      <OrderFilters filter={filter} onChange={changeFilter} />
      <ListStatus
        loading={orders.isPending}
        error={orders.data ? null : orders.error}
        loadingText="Loading orders..."
        errorPrefix="Error loading orders"
      />
      {orders.data ? (
        <>
          {/* Below 1024 px each order is a card with its actions in view (a wide table would hide
              them off to the side); from there on, the table of SPEC.md section 2. */}
          <ul
            aria-label="Orders"
            aria-busy={orders.isPlaceholderData || undefined}
            className="grid min-w-0 gap-3 lg:hidden"
          >
            {list.map((order) => (
              <OrderCard
                key={order.id}
                order={order}
                onView={() => setViewing(order)}
                onDelete={() => setDeleting(order)}
              />
            ))}
            {list.length === 0 ? (
              <li className="rounded-lg border border-border bg-card py-6 text-center text-sm text-muted-foreground">
                {filtered ? 'No orders match.' : 'No orders yet.'}
              </li>
            ) : null}
          </ul>
          <div className="hidden min-w-0 lg:block">
            <Table label="Orders" aria-busy={orders.isPlaceholderData || undefined}>
              <TableHeader>
                <TableRow>
                  <TableHead>Order ID</TableHead>
                  <TableHead>User ID</TableHead>
                  <TableHead>Customer</TableHead>
                  <TableHead>Status</TableHead>
                  <TableHead>Total</TableHead>
                  <TableHead>Created</TableHead>
                  <TableHead>Actions</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {list.map((order) => (
                  <TableRow key={order.id} data-order={order.id}>
                    <TableCell className="font-medium">#{order.id}</TableCell>
                    <TableCell>{order.userId ?? 'Guest'}</TableCell>
                    <TableCell className="max-w-64 whitespace-normal">
                      <CustomerText order={order} />
                    </TableCell>
                    <TableCell>
                      <StatusBadges order={order} />
                    </TableCell>
                    <TableCell>{formatPrice(order.total)}</TableCell>
                    <TableCell>
                      <CreatedText createdAt={order.createdAt} />
                    </TableCell>
                    <TableCell>
                      <OrderActions
                        order={order}
                        onView={() => setViewing(order)}
                        onDelete={() => setDeleting(order)}
                      />
                    </TableCell>
                  </TableRow>
                ))}
                {list.length === 0 ? (
                  <TableEmptyRow colSpan={7}>
                    {filtered ? 'No orders match.' : 'No orders yet.'}
                  </TableEmptyRow>
                ) : null}
              </TableBody>
            </Table>
          </div>
          <ListPager
            label="Order pages"
            page={Math.min(page, pages)}
            pageSize={ORDERS_PAGE_SIZE}
            total={total}
            noun={{ one: 'order', many: 'orders' }}
            onPage={setPage}
          />
        </>
      ) : null}
      <OrderDetailsDialog order={current} onClose={() => setViewing(null)} />
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete order #${deleting?.id ?? ''}?`}
        message="Are you sure you want to delete this order? This action cannot be undone."
        confirmLabel="Delete Order"
        pending={deletion.isPending}
        onConfirm={confirmDelete}
        onOpenChange={(next) => (next ? undefined : setDeleting(null))}
      />
    </section>
  );
}
