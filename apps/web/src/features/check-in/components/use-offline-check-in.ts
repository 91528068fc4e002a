import type { CheckInOperation } from '@jesus-walks/contracts/check-in';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api-client';
import { getLocalStorage } from '@/lib/storage';
import { getCheckInList } from '../api/get-check-in-list';
import { syncCheckIns } from '../api/sync-check-ins';
import {
  acknowledge,
  loadOfflineCheckIn,
  type OfflineCheckIn,
  rowsOf,
  saveOfflineCheckIn,
} from '../utils/offline-check-in';

/** While online, the list is asked again this often: another leader's check-ins show up. */
const REFRESH_MS = 15_000;

/**
 * A walk's check-in that works with no signal (decision 040). Starts empty (the server's render and
 * the first browser render agree), then takes what this phone kept; every change is kept again. A
 * tap is applied at once and queued; the queue is sent whenever the phone is online (at once, when
 * `online` fires, and every REFRESH_MS), and the server's merged list replaces ours.
 */
export function useOfflineCheckIn(walkId: number, leaderName: string) {
  const [state, setState] = useState<OfflineCheckIn>({ list: null, queue: [] });
  const [loaded, setLoaded] = useState(false);
  const [online, setOnline] = useState(true);
  const [loadError, setLoadError] = useState<string | null>(null);
  const stateRef = useRef(state);
  stateRef.current = state;
  const sending = useRef(false);
  /** Asked to send while a send was in flight: sent again once it is over. */
  const again = useRef(false);

  useEffect(() => {
    setState(loadOfflineCheckIn(getLocalStorage(), walkId));
    setLoaded(true);
    setOnline(navigator.onLine);
  }, [walkId]);

  useEffect(() => {
    if (loaded) saveOfflineCheckIn(getLocalStorage(), walkId, state);
  }, [loaded, walkId, state]);

  /** Sends the queue (or, with nothing queued, asks for the list); failures keep the queue. */
  const flush = useCallback(async () => {
    if (!navigator.onLine) return;
    if (sending.current) {
      again.current = true;
      return;
    }
    sending.current = true;
    again.current = false;
    const queue = stateRef.current.queue;
    try {
      if (queue.length === 0) {
        const list = await getCheckInList(walkId);
        setState((current) => acknowledge(current, list, []));
      } else {
        const result = await syncCheckIns(walkId, queue);
        setState((current) =>
          acknowledge(
            current,
            result.list,
            queue.map((operation) => operation.id),
          ),
        );
        for (const refused of result.results.filter((outcome) => outcome.outcome === 'refused')) {
          toast({ title: 'Not checked in', description: refused.message, variant: 'destructive' });
        }
      }
      setLoadError(null);
    } catch (error) {
      if (error instanceof ApiError && error.status >= 400 && error.status < 500 && queue.length > 0) {
        // The server will never take these (the walk was cancelled, the leader removed): drop them,
        // rather than hold every later tap behind them.
        setState((current) => ({
          ...current,
          queue: current.queue.filter((operation) => !queue.includes(operation)),
        }));
        toast({ title: 'Check-ins not sent', description: error.serverMessage, variant: 'destructive' });
      } else if (error instanceof ApiError) {
        setLoadError(error.serverMessage ?? error.message);
      }
      // Anything else is the network: the queue waits for the next chance.
    } finally {
      sending.current = false;
    }
    // A tap made while that send was in flight goes now, not at the next refresh.
    if (again.current) window.setTimeout(() => void flushRef.current(), 0);
  }, [walkId]);
  const flushRef = useRef(flush);
  flushRef.current = flush;

  useEffect(() => {
    if (!loaded) return;
    const goOnline = () => {
      setOnline(true);
      void flush();
    };
    const goOffline = () => setOnline(false);
    window.addEventListener('online', goOnline);
    window.addEventListener('offline', goOffline);
    void flush();
    const timer = window.setInterval(() => void flush(), REFRESH_MS);
    return () => {
      window.removeEventListener('online', goOnline);
      window.removeEventListener('offline', goOffline);
      window.clearInterval(timer);
    };
  }, [loaded, flush]);

  const perform = useCallback((operation: CheckInOperation) => {
    setState((current) => ({ ...current, queue: [...current.queue, operation] }));
  }, []);

  // Every new tap is sent once React has it (the effect runs after the state is committed).
  const waiting = state.queue.length;
  useEffect(() => {
    if (loaded && waiting > 0) void flush();
  }, [loaded, waiting, flush]);

  const rows = useMemo(() => rowsOf(state, leaderName), [state, leaderName]);
  return { loaded, online, list: state.list, queue: state.queue, rows, perform, loadError, flush };
}
