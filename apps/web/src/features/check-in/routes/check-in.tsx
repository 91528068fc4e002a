import { ticketRegistrationId, WalkInSchema } from '@jesus-walks/contracts/check-in';
import {
  CameraIcon,
  CheckIcon,
  CloudOffIcon,
  CloudUploadIcon,
  LoaderCircleIcon,
  MinusIcon,
  PlusIcon,
  UserPlusIcon,
} from 'lucide-react';
import { type FormEvent, lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import { Container } from '@/components/layout/container';
import { PageHead } from '@/components/seo/page-head';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/use-toast';
import { loginPathReturningTo } from '@/features/auth/utils/post-login-path';
import { hasSignedInHint, useCurrentUser } from '@/lib/current-user';
import { formatEventDate, formatEventTime } from '@/lib/events/event-format';
import { useOfflineCheckIn } from '../components/use-offline-check-in';
import { keepCheckInOffline } from '../utils/keep-offline';
import {
  type CheckInRow,
  countsOf,
  operationOf,
  rowTitle,
  searchRows,
  syncStatusText,
} from '../utils/offline-check-in';

// The camera and its QR reader load only when a leader opens them: the list stays light.
const TicketScanner = lazy(() =>
  import('../components/ticket-scanner').then((module) => ({ default: module.TicketScanner })),
);

/** What a row's button says to a screen reader: its name first (the list is searched by it). */
function rowLabel(row: CheckInRow): string {
  const party = row.partySize > 1 ? `party of ${row.partySize} with ${row.party.join(', ')}, ` : '';
  return `${row.name}: ${party}${row.checkedInAt !== null ? 'checked in, tap to undo' : 'tap to check in'}`;
}

/**
 * How many of a checked-in party came, one less or one more a tap (three of a family of four): the
 * party was checked in whole, so the count starts there.
 */
function PartyCount({
  row,
  onCount,
}: {
  row: CheckInRow;
  onCount: (row: CheckInRow, present: number) => void;
}) {
  const who = rowTitle(row);
  return (
    <div className="mt-1 flex items-center justify-end gap-2 px-1 text-sm">
      <span data-testid="party-count" aria-live="polite">
        {row.checkedInPeople} of {row.partySize} here
      </span>
      <Button
        type="button"
        variant="outline"
        size="icon"
        className="size-11"
        aria-label={`One fewer of ${who} here`}
        disabled={row.checkedInPeople <= 1}
        onClick={() => onCount(row, row.checkedInPeople - 1)}
      >
        <MinusIcon className="size-5" aria-hidden="true" />
      </Button>
      <Button
        type="button"
        variant="outline"
        size="icon"
        className="size-11"
        aria-label={`One more of ${who} here`}
        disabled={row.checkedInPeople >= row.partySize}
        onClick={() => onCount(row, row.checkedInPeople + 1)}
      >
        <PlusIcon className="size-5" aria-hidden="true" />
      </Button>
    </div>
  );
}

/** A registration, its party checked in with it by one tap (decision 041). */
function Row({
  row,
  onToggle,
  onCount,
}: {
  row: CheckInRow;
  onToggle: (row: CheckInRow) => void;
  onCount: (row: CheckInRow, present: number) => void;
}) {
  const checkedIn = row.checkedInAt !== null;
  return (
    <li>
      <button
        type="button"
        onClick={() => onToggle(row)}
        aria-pressed={checkedIn}
        aria-label={rowLabel(row)}
        data-party-size={row.partySize}
        className={`flex min-h-16 w-full items-center gap-3 rounded-lg border px-3 py-2 text-left transition-colors ${
          checkedIn ? 'border-primary bg-primary/10' : 'bg-card hover:bg-muted'
        }`}
      >
        <span
          aria-hidden="true"
          className={`flex size-10 shrink-0 items-center justify-center rounded-full border-2 ${
            checkedIn ? 'border-primary bg-primary text-primary-foreground' : 'border-muted-foreground/40'
          }`}
        >
          {checkedIn ? <CheckIcon className="size-6" /> : null}
        </span>
        <span className="min-w-0 flex-1">
          <span className="block truncate text-base font-semibold">{rowTitle(row)}</span>
          {row.party.length > 0 ? (
            <span className="block text-sm break-words">with {row.party.join(', ')}</span>
          ) : null}
          <span className="flex flex-wrap gap-x-2 text-sm text-muted-foreground">
            {checkedIn ? (
              <span>Checked in{row.checkedInBy ? ` by ${row.checkedInBy}` : ''}</span>
            ) : (
              <span>Not here yet</span>
            )}
            {row.amountDue > 0 ? (
              <span className="font-medium text-foreground">Pay on the day ${row.amountDue}</span>
            ) : null}
            {row.emergency ? (
              <span>
                Emergency: {row.emergency.contactName} {row.emergency.contactPhone}
              </span>
            ) : null}
          </span>
          {row.emergency?.leaderNote ? (
            <span className="block text-sm">Note: {row.emergency.leaderNote}</span>
          ) : null}
        </span>
        <span className="flex shrink-0 flex-col items-end gap-1">
          {row.partySize > 1 ? <Badge variant="secondary">{row.partySize} people</Badge> : null}
          {row.walkIn ? <Badge variant="secondary">Walk-in</Badge> : null}
          {row.pending ? <Badge variant="outline">Not sent</Badge> : null}
        </span>
      </button>
      {checkedIn && row.partySize > 1 ? <PartyCount row={row} onCount={onCount} /> : null}
    </li>
  );
}

function WalkInForm({
  onAdd,
}: {
  onAdd: (walkIn: { name: string; email?: string; phone?: string }) => void;
}) {
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => {
      const value = String(form.get(name) ?? '').trim();
      return value === '' ? undefined : value;
    };
    const parsed = WalkInSchema.safeParse({
      name: text('name') ?? '',
      email: text('email'),
      phone: text('phone'),
    });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Please check the details');
      return;
    }
    setError(null);
    onAdd(parsed.data);
    event.currentTarget.reset();
  };
  return (
    <form onSubmit={submit} className="space-y-3 rounded-lg border bg-card p-3" noValidate>
      <div className="space-y-1">
        <Label htmlFor="walk-in-name">Name</Label>
        <Input id="walk-in-name" name="name" autoComplete="off" className="h-12 text-base" />
      </div>
      <div className="space-y-1">
        <Label htmlFor="walk-in-email">E-mail (optional)</Label>
        <Input id="walk-in-email" name="email" type="email" inputMode="email" className="h-12 text-base" />
      </div>
      <div className="space-y-1">
        <Label htmlFor="walk-in-phone">Phone (optional)</Label>
        <Input id="walk-in-phone" name="phone" type="tel" inputMode="tel" className="h-12 text-base" />
      </div>
      {error ? (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
      <Button type="submit" className="h-12 w-full text-base">
        Add and check in
      </Button>
    </form>
  );
}

function CheckIn({ walkId, leaderName }: { walkId: number; leaderName: string }) {
  const { loaded, online, list, queue, rows, perform, loadError } = useOfflineCheckIn(walkId, leaderName);
  const [query, setQuery] = useState('');
  const [panel, setPanel] = useState<'none' | 'walk-in' | 'scan'>('none');
  const started = list ? new Date(list.walk.date) <= new Date() : false;
  const counts = countsOf(rows, started);
  const listShown = list !== null;

  // Once the list is here (so this leader may see it), the page is kept to open again offline.
  useEffect(() => {
    if (!listShown || !online) return;
    keepCheckInOffline(() => import('../components/ticket-scanner')).catch(() => {
      // Not kept (a private window, storage full): the page still works while it stays open.
    });
  }, [listShown, online]);

  const toggle = (row: CheckInRow) =>
    perform(operationOf({ kind: row.checkedInAt === null ? 'check-in' : 'undo', target: row.target }));
  const count = (row: CheckInRow, present: number) =>
    perform(operationOf({ kind: 'check-in', target: row.target, present }));

  const onTicket = useCallback(
    (token: string) => {
      const id = ticketRegistrationId(token);
      const row = rows.find((candidate) => candidate.registrationId === id);
      if (!row && !navigator.onLine) {
        toast({ title: 'Not on this walk’s list', variant: 'destructive' });
        return;
      }
      // Sent with its token: the server checks its signature and its walk (offline: when sent).
      if (row?.checkedInAt) {
        toast({ title: `${rowTitle(row)} ${row.partySize > 1 ? 'are' : 'is'} already checked in` });
        return;
      }
      perform(operationOf({ kind: 'check-in', target: { ticket: token } }));
      toast({ title: row ? `${rowTitle(row)} checked in` : 'Ticket sent for checking' });
    },
    [rows, perform],
  );

  if (!loaded || (!list && !loadError)) {
    return (
      <p role="status" className="flex items-center gap-2 py-10 text-muted-foreground">
        <LoaderCircleIcon className="size-5 animate-spin" aria-hidden="true" />
        {online ? 'Loading the check-in list…' : 'Offline, and this phone has no copy of this list yet.'}
      </p>
    );
  }
  if (!list) {
    return (
      <p role="alert" className="py-10">
        {loadError}
      </p>
    );
  }

  const shown = searchRows(rows, query);
  return (
    <div className="space-y-4">
      <div>
        <h1 className="font-serif text-2xl leading-tight">{list.walk.title}</h1>
        <p className="text-sm text-muted-foreground">
          {formatEventDate(list.walk.date)} · {formatEventTime(list.walk.date)} · {list.walk.location}
        </p>
      </div>
      <p
        role="status"
        data-testid="sync-status"
        className={`flex items-center gap-2 rounded-md px-3 py-2 text-sm ${online ? 'bg-muted' : 'bg-amber-100 text-amber-950'}`}
      >
        {online ? (
          <CloudUploadIcon className="size-4" aria-hidden="true" />
        ) : (
          <CloudOffIcon className="size-4" aria-hidden="true" />
        )}
        {syncStatusText({ online, waiting: queue.length })}
      </p>
      <dl className="grid grid-cols-3 gap-2 text-center">
        <div className="rounded-lg border bg-card p-2">
          <dt className="text-xs text-muted-foreground">Expected</dt>
          <dd data-testid="count-expected" className="text-2xl font-semibold">
            {counts.expected}
          </dd>
        </div>
        <div className="rounded-lg border bg-card p-2">
          <dt className="text-xs text-muted-foreground">Checked in</dt>
          <dd data-testid="count-checked-in" className="text-2xl font-semibold">
            {counts.checkedIn}
          </dd>
        </div>
        <div className="rounded-lg border bg-card p-2">
          <dt className="text-xs text-muted-foreground">No-show</dt>
          <dd data-testid="count-no-show" className="text-2xl font-semibold">
            {counts.noShow ?? '—'}
          </dd>
        </div>
      </dl>
      <div className="grid grid-cols-2 gap-2">
        <Button
          type="button"
          variant="outline"
          className="h-12 text-base"
          onClick={() => setPanel(panel === 'scan' ? 'none' : 'scan')}
        >
          <CameraIcon aria-hidden="true" />
          Scan ticket
        </Button>
        <Button
          type="button"
          variant="outline"
          className="h-12 text-base"
          onClick={() => setPanel(panel === 'walk-in' ? 'none' : 'walk-in')}
        >
          <UserPlusIcon aria-hidden="true" />
          Add walk-in
        </Button>
      </div>
      {panel === 'scan' ? (
        <Suspense fallback={<p role="status">Starting the camera…</p>}>
          <TicketScanner onTicket={onTicket} onClose={() => setPanel('none')} />
        </Suspense>
      ) : null}
      {panel === 'walk-in' ? (
        <WalkInForm
          onAdd={(walkIn) => {
            perform(operationOf({ kind: 'walk-in', walkIn }));
            setPanel('none');
          }}
        />
      ) : null}
      <div className="space-y-1">
        <Label htmlFor="check-in-search" className="sr-only">
          Search by name
        </Label>
        <Input
          id="check-in-search"
          type="search"
          placeholder="Search by name"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          className="h-12 text-base"
          autoComplete="off"
        />
      </div>
      {shown.length === 0 ? (
        <p className="py-6 text-center text-muted-foreground">
          {rows.length === 0 ? 'Nobody has registered yet.' : 'No one by that name.'}
        </p>
      ) : (
        <ul className="space-y-2" aria-label="Walkers">
          {shown.map((row) => (
            <Row key={row.key} row={row} onToggle={toggle} onCount={count} />
          ))}
        </ul>
      )}
    </div>
  );
}

/** /lead/walks/:id/check-in: a walk's check-in at the trailhead, for its leaders (decision 040). */
export function CheckInRoute() {
  const params = useParams();
  const walkId = Number(params.id);
  const currentUser = useCurrentUser();
  const navigate = useNavigate();
  const location = useLocation();
  const anonymous = !currentUser.isPending && currentUser.data === null;
  // Opened with no signal (from the service worker's copy): who is logged in cannot be asked, and
  // the session's hint says whether anyone is. The kept list is this phone's.
  const offlineSignedIn =
    currentUser.isPending &&
    currentUser.fetchStatus === 'paused' &&
    typeof document !== 'undefined' &&
    hasSignedInHint(document.cookie);
  useEffect(() => {
    if (anonymous) navigate(loginPathReturningTo(location.pathname), { replace: true });
  }, [anonymous, navigate, location.pathname]);

  return (
    <>
      <PageHead
        title="Check-in"
        description="Check walkers in at the trailhead."
        path={location.pathname}
        noindex
      />
      <Container className="max-w-xl py-4">
        <p className="mb-2 text-sm">
          <Link to="/lead" className="underline underline-offset-4">
            My walks to lead
          </Link>
        </p>
        {!Number.isSafeInteger(walkId) || walkId <= 0 ? (
          <p role="alert">This walk does not exist.</p>
        ) : anonymous || (currentUser.isPending && !offlineSignedIn) ? (
          <p role="status">{anonymous ? 'Taking you to the login page…' : 'Loading…'}</p>
        ) : (
          // Offline with a session the browser no longer confirms: the kept list still works.
          <CheckIn walkId={walkId} leaderName={currentUser.data?.username ?? 'me'} />
        )}
      </Container>
    </>
  );
}
