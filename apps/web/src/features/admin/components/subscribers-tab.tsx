import { DownloadIcon, Trash2Icon } from 'lucide-react';
import { useDeferredValue, useEffect, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import {
  Table,
  TableBody,
  TableCell,
  TableEmptyRow,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { useDownloadSubscribersCsv } from '../api/download-subscribers-csv';
import {
  SUBSCRIBERS_PAGE_SIZE,
  type Subscriber,
  type SubscriberStatus,
  useSubscribers,
} from '../api/get-subscribers';
import { useRemoveSubscriber } from '../api/remove-subscriber';
import { subscriberCountCards } from '../utils/event-stats';
import { pageCountOf } from '../utils/paging';
import { formatValleyDateTime } from '../utils/valley-time';
import { ConfirmDialog } from './confirm-dialog';
import { FilterField, SearchInput, SelectFilter } from './list-filters';
import { ListPager } from './list-pager';
import { ListStatus } from './list-status';
import { SectionHeader } from './section-header';

const statusBadge = {
  confirmed: 'success',
  pending: 'warning',
  unsubscribed: 'secondary',
} as const;

const statusOptions: Array<{ value: SubscriberStatus | ''; label: string }> = [
  { value: '', label: 'Every status' },
  { value: 'confirmed', label: 'Confirmed' },
  { value: 'pending', label: 'Pending' },
  { value: 'unsubscribed', label: 'Unsubscribed' },
];

/** Which page of the matches is shown, with Previous and Next; nothing when one page holds them. */

export function SubscribersTab() {
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<SubscriberStatus | ''>('');
  const [page, setPage] = useState(1);
  const [removing, setRemoving] = useState<Subscriber | null>(null);
  // Typing stays quick; the list follows the last text typed.
  const deferredSearch = useDeferredValue(search);
  const subscribers = useSubscribers({ search: deferredSearch, status, page }, { enabled: true });
  const removal = useRemoveSubscriber();
  const csv = useDownloadSubscribersCsv();
  const list = subscribers.data?.subscribers ?? [];
  const matching = subscribers.data?.matching ?? 0;

  // A removal can empty the last page: show the one before it.
  useEffect(() => {
    const pages = pageCountOf(matching, SUBSCRIBERS_PAGE_SIZE);
    if (subscribers.data && !subscribers.isPlaceholderData && page > pages) setPage(pages);
  }, [matching, page, subscribers.data, subscribers.isPlaceholderData]);

  const confirmRemove = () => {
    if (!removing) return;
    removal.mutate(removing.id, { onSettled: () => setRemoving(null) });
  };

  return (
    <section className="grid min-w-0 gap-4" aria-labelledby="subscribers-heading">
      <SectionHeader id="subscribers-heading" title="Newsletter Subscribers">
        <Button variant="outline" onClick={() => csv.mutate()} disabled={csv.isPending}>
          <DownloadIcon aria-hidden="true" />
          {csv.isPending ? 'Exporting...' : 'Export CSV'}
        </Button>
      </SectionHeader>
      <div className="grid grid-cols-3 gap-2 sm:gap-4">
        {subscriberCountCards(subscribers.data?.counts).map((card) => (
          <Card key={card.label} className="grid min-w-0 gap-1 p-3 sm:p-5">
            <h3 className="truncate text-xs font-medium text-muted-foreground sm:text-sm">{card.label}</h3>
            <p className="text-2xl font-semibold" data-stat={card.label}>
              {card.value}
            </p>
          </Card>
        ))}
      </div>
      <search className="grid min-w-0 gap-3 sm:grid-cols-[1fr_14rem]">
        <FilterField id="subscriber-search" label="Search by e-mail">
          <SearchInput
            id="subscriber-search"
            placeholder="name@example.com"
            value={search}
            maxLength={254}
            onChange={(event) => {
              setSearch(event.target.value);
              setPage(1);
            }}
          />
        </FilterField>
        <FilterField id="subscriber-status" label="Status">
          <SelectFilter
            id="subscriber-status"
            value={status}
            options={statusOptions}
            onSelect={(value) => {
              setStatus(value);
              setPage(1);
            }}
          />
        </FilterField>
      </search>
      <ListStatus
        loading={subscribers.isPending}
        error={subscribers.error}
        loadingText="Loading subscribers..."
        errorPrefix="Error loading subscribers"
      />
      {subscribers.data ? (
        <Table label="Subscribers">
          <TableHeader>
            <TableRow>
              <TableHead>Email</TableHead>
              <TableHead>Status</TableHead>
              <TableHead>Subscribed</TableHead>
              <TableHead>Actions</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {list.map((subscriber) => (
              <TableRow key={subscriber.id} data-subscriber={subscriber.email}>
                <TableCell className="font-medium">{subscriber.email}</TableCell>
                <TableCell>
                  <Badge variant={statusBadge[subscriber.status]}>{subscriber.status}</Badge>
                </TableCell>
                <TableCell className="whitespace-nowrap">
                  {formatValleyDateTime(subscriber.createdAt)}
                </TableCell>
                <TableCell>
                  <Button
                    size="sm"
                    variant="destructive"
                    onClick={() => setRemoving(subscriber)}
                    aria-label={`Remove ${subscriber.email}`}
                  >
                    <Trash2Icon aria-hidden="true" />
                    Remove
                  </Button>
                </TableCell>
              </TableRow>
            ))}
            {list.length === 0 ? (
              <TableEmptyRow colSpan={4}>
                {deferredSearch.trim() || status ? 'No subscribers match.' : 'No subscribers yet.'}
              </TableEmptyRow>
            ) : null}
          </TableBody>
        </Table>
      ) : null}
      {subscribers.data && matching > SUBSCRIBERS_PAGE_SIZE ? (
        <ListPager
          label="Subscriber pages"
          page={page}
          pageSize={SUBSCRIBERS_PAGE_SIZE}
          total={matching}
          noun={{ one: 'subscriber', many: 'subscribers' }}
          onPage={setPage}
        />
      ) : null}
      <ConfirmDialog
        open={removing !== null}
        title="Remove subscriber?"
        message={`Remove ${removing?.email ?? ''} from the newsletter for good? The address is forgotten.`}
        confirmLabel="Remove Subscriber"
        pending={removal.isPending}
        onConfirm={confirmRemove}
        onOpenChange={(next) => (next ? undefined : setRemoving(null))}
      />
    </section>
  );
}
