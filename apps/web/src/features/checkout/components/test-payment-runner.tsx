import { LoaderCircleIcon, PlayIcon } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';

/** A test payment's answer, as it came (success or error), or the thrown error's body. */
type Answer = { ok: boolean; body: unknown };

function describeError(error: unknown): unknown {
  if (error instanceof ApiError) {
    return { status: error.status, statusText: error.statusText, body: error.body ?? error.serverMessage };
  }
  return { error: error instanceof Error ? error.message : 'Unexpected error occurred' };
}

/** Runs one live test payment and shows its answer in full. */
export function TestPaymentRunner({
  label,
  run,
  disabled = false,
}: {
  label: string;
  run: () => Promise<{ success: boolean } & Record<string, unknown>>;
  disabled?: boolean;
}) {
  const [running, setRunning] = useState(false);
  const [answer, setAnswer] = useState<Answer | null>(null);
  async function start() {
    setRunning(true);
    setAnswer(null);
    try {
      const body = await run();
      setAnswer({ ok: body.success, body });
    } catch (error) {
      setAnswer({ ok: false, body: describeError(error) });
    } finally {
      setRunning(false);
    }
  }
  return (
    <div className="grid gap-2">
      <Button
        variant="outline"
        size="sm"
        className="h-auto min-h-9 max-w-full justify-self-start py-2 text-left whitespace-normal"
        onClick={start}
        disabled={running || disabled}
      >
        {running ? (
          <LoaderCircleIcon aria-hidden="true" className="animate-spin" />
        ) : (
          <PlayIcon aria-hidden="true" />
        )}
        {running ? 'Processing...' : label}
      </Button>
      {answer ? (
        <div className="grid gap-1" aria-live="polite">
          <p
            className={
              answer.ok ? 'text-sm font-medium text-primary' : 'text-sm font-medium text-destructive'
            }
          >
            {answer.ok ? 'Succeeded' : 'Failed'}
          </p>
          <pre
            className="max-w-full overflow-x-auto rounded-md bg-muted p-3 text-xs whitespace-pre-wrap break-all"
            data-testid="test-payment-answer"
          >
            {JSON.stringify(answer.body, null, 2)}
          </pre>
        </div>
      ) : null}
    </div>
  );
}
