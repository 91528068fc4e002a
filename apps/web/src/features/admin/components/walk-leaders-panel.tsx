import { UserMinusIcon, UserPlusIcon } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { useAdminUsers } from '../api/get-admin-users';
import { useChangeWalkLeaders, useWalkLeaders } from '../api/walk-leaders';
import { useDebouncedValue } from '../utils/use-debounced-value';
import { SearchInput } from './list-filters';

/**
 * The walk's leaders (decision 040), who see its check-in list at /lead: added by username or
 * e-mail (the users search on the server), removed with one click.
 */
export function WalkLeadersPanel({ eventId }: { eventId: number }) {
  const leaders = useWalkLeaders(eventId);
  const { add, remove } = useChangeWalkLeaders(eventId);
  const [search, setSearch] = useState('');
  const words = useDebouncedValue(search).trim();
  const matches = useAdminUsers({ search: words, role: '', page: 1, pageSize: 5 }, { enabled: words !== '' });
  const leaderIds = new Set((leaders.data ?? []).map((leader) => leader.userId));
  const candidates = (matches.data?.items ?? []).filter((user) => !leaderIds.has(user.id));

  return (
    <section aria-label="Leaders" className="grid min-w-0 gap-2 rounded-lg border border-border p-3 text-sm">
      <h3 className="font-medium">Leaders</h3>
      {leaders.data && leaders.data.length > 0 ? (
        <ul className="flex flex-wrap gap-2">
          {leaders.data.map((leader) => (
            <li key={leader.userId} className="inline-flex items-center gap-1 rounded-full border px-3 py-1">
              {leader.username}
              <Button
                size="icon"
                variant="ghost"
                className="size-6"
                aria-label={`Remove ${leader.username} from the leaders`}
                disabled={remove.isPending}
                onClick={() => remove.mutate(leader)}
              >
                <UserMinusIcon aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-muted-foreground">
          {leaders.isPending ? 'Loading leaders...' : 'No leaders yet.'}
        </p>
      )}
      <Label htmlFor={`walk-leader-search-${eventId}`}>Add a leader by username or e-mail</Label>
      <SearchInput
        id={`walk-leader-search-${eventId}`}
        placeholder="e.g. martha or martha@example.com"
        autoComplete="off"
        maxLength={100}
        value={search}
        onChange={(event) => setSearch(event.target.value)}
      />
      {words !== '' && matches.data && candidates.length === 0 ? (
        <p className="text-muted-foreground">No members match.</p>
      ) : null}
      {candidates.length > 0 ? (
        <ul className="grid gap-1">
          {candidates.map((user) => (
            <li key={user.id} className="flex items-center justify-between gap-2">
              <span className="min-w-0 truncate">
                {user.username} <span className="text-muted-foreground">({user.email})</span>
              </span>
              <Button
                size="sm"
                variant="outline"
                disabled={add.isPending}
                onClick={() => add.mutate(user, { onSuccess: () => setSearch('') })}
              >
                <UserPlusIcon aria-hidden="true" />
                Make leader
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
