import type { AuditEntry, AuditedService, AuditTargetType } from '@jesus-walks/contracts/audit';
import { ArrowRightIcon, CircleAlertIcon } from 'lucide-react';
import { useState } from 'react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { useAuditLog } from '../api/get-audit-log';
import {
  type ActivityFilters,
  activityAreas,
  activityQueryOf,
  activityTargetTypes,
  areaLabel,
  changeFieldLabel,
  changeValueText,
  hasActivityFilters,
  noActivityFilters,
  targetText,
  unreachableAreasText,
} from '../utils/activity';
import { useDebouncedValue } from '../utils/use-debounced-value';
import { formatValleyDateTime } from '../utils/valley-time';
import { FilterField, SearchInput } from './list-filters';
import { ListStatus } from './list-status';
import { SectionHeader } from './section-header';

function isArea(value: string): value is AuditedService | '' {
  return value === '' || activityAreas.some((area) => area.value === value);
}

function isTargetType(value: string): value is AuditTargetType | '' {
  return value === '' || activityTargetTypes.some((type) => type.value === value);
}

/** Every admin mutation in every area of the site, newest first (GET /api/admin/audit-log). */
export function ActivityTab() {
  const [filters, setFilters] = useState<ActivityFilters>(noActivityFilters);
  // Words are sent once typing pauses; the other filters at once.
  const words = useDebouncedValue(filters.words);
  const settled = { ...filters, words };
  const log = useAuditLog(activityQueryOf(settled), { enabled: true });
  const entries = log.data?.pages.flatMap((page) => page.entries) ?? [];
  const unavailable = [...new Set(log.data?.pages.flatMap((page) => page.unavailable) ?? [])];
  const set = (changes: Partial<ActivityFilters>) => setFilters((current) => ({ ...current, ...changes }));

  return (
    <section className="grid min-w-0 gap-4" aria-labelledby="activity-heading">
      <SectionHeader id="activity-heading" title="Activity" />
      <search className="grid min-w-0 grid-cols-2 gap-3 lg:grid-cols-[13rem_10rem_1fr_10rem_10rem]">
        <FilterField id="activity-area" label="Area">
          <NativeSelect
            id="activity-area"
            value={filters.area}
            onChange={(event) => {
              if (isArea(event.target.value)) set({ area: event.target.value });
            }}
          >
            <option value="">Every area</option>
            {activityAreas.map((area) => (
              <option key={area.value} value={area.value}>
                {area.label}
              </option>
            ))}
          </NativeSelect>
        </FilterField>
        <FilterField id="activity-target-type" label="About">
          <NativeSelect
            id="activity-target-type"
            value={filters.targetType}
            onChange={(event) => {
              if (isTargetType(event.target.value)) set({ targetType: event.target.value });
            }}
          >
            <option value="">Anything</option>
            {activityTargetTypes.map((type) => (
              <option key={type.value} value={type.value}>
                {type.label}
              </option>
            ))}
          </NativeSelect>
        </FilterField>
        <FilterField id="activity-words" label="Words" className="col-span-2 lg:col-span-1">
          <SearchInput
            id="activity-words"
            placeholder="A name, an order number..."
            value={filters.words}
            maxLength={100}
            onChange={(event) => set({ words: event.target.value })}
          />
        </FilterField>
        <FilterField id="activity-from" label="From">
          <Input
            id="activity-from"
            type="date"
            className="min-w-0"
            value={filters.fromDate}
            max={filters.toDate || undefined}
            onChange={(event) => set({ fromDate: event.target.value })}
          />
        </FilterField>
        <FilterField id="activity-to" label="To">
          <Input
            id="activity-to"
            type="date"
            className="min-w-0"
            value={filters.toDate}
            min={filters.fromDate || undefined}
            onChange={(event) => set({ toDate: event.target.value })}
          />
        </FilterField>
      </search>
      {unavailable.length > 0 ? (
        <Alert variant="destructive" data-unavailable={unavailable.join(' ')}>
          <CircleAlertIcon aria-hidden="true" />
          <AlertTitle>Some areas could not be reached</AlertTitle>
          <AlertDescription>
            {unreachableAreasText(unavailable)}: their activity is missing below. Try again in a moment.
          </AlertDescription>
        </Alert>
      ) : null}
      <ListStatus
        loading={log.isPending}
        error={log.data ? null : log.error}
        loadingText="Loading activity..."
        errorPrefix="Error loading activity"
      />
      {log.data ? (
        entries.length > 0 ? (
          <ol className="grid min-w-0 gap-3" aria-label="Activity, newest first">
            {entries.map((entry) => (
              <ActivityEntry key={entry.id} entry={entry} />
            ))}
          </ol>
        ) : (
          <Card className="p-6 text-center text-muted-foreground">
            {hasActivityFilters(settled) ? 'No activity matches these filters.' : 'No activity yet.'}
          </Card>
        )
      ) : null}
      {log.hasNextPage ? (
        <div className="flex justify-center">
          <Button variant="outline" onClick={() => log.fetchNextPage()} disabled={log.isFetchingNextPage}>
            {log.isFetchingNextPage ? 'Loading...' : 'Load more'}
          </Button>
        </div>
      ) : null}
      {log.isFetchNextPageError ? (
        <p role="alert" className="text-center text-sm text-destructive">
          Error loading more activity: {log.error?.message}
        </p>
      ) : null}
    </section>
  );
}

/** One entry as a card at every width: when, who, what, about what, and what changed. */
function ActivityEntry({ entry }: { entry: AuditEntry }) {
  const changes = Object.entries(entry.changes ?? {});
  return (
    <li data-activity={entry.action}>
      <Card className="grid min-w-0 gap-2 p-4">
        <div className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground">
          <time dateTime={entry.occurredAt}>{formatValleyDateTime(entry.occurredAt)}</time>
          <span>
            by <span className="font-medium text-foreground">{entry.actor.username ?? 'the system'}</span>
          </span>
          <Badge variant="secondary">{areaLabel(entry.service)}</Badge>
        </div>
        <p className="font-medium break-words">{entry.summary}</p>
        <p className="text-sm break-words text-muted-foreground">{targetText(entry.target)}</p>
        {changes.length > 0 ? (
          <ul className="grid min-w-0 gap-1 text-sm" aria-label="Changes">
            {changes.map(([field, change]) => (
              <li key={field} className="flex min-w-0 flex-wrap items-center gap-x-2 break-words">
                <span className="font-medium">{changeFieldLabel(field)}:</span>
                <span className="min-w-0 break-all text-muted-foreground">
                  {changeValueText(change.from)}
                </span>
                <ArrowRightIcon aria-label="to" className="size-3.5 shrink-0" />
                <span className="min-w-0 break-all">{changeValueText(change.to)}</span>
              </li>
            ))}
          </ul>
        ) : null}
      </Card>
    </li>
  );
}
