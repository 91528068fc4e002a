import { seriesWeekdays, weeksOfMonth } from '@jesus-walks/contracts/series';
import { type FormEvent, type ReactNode, useEffect, useMemo, useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form';
import { useCreateEventSeries } from '../api/create-event-series';
import type { Event } from '../api/get-admin-events';
import { useEventSeriesPreview } from '../api/preview-event-series';
import {
  type SeriesFormValues,
  seriesFormDefaults,
  seriesServerErrors,
  toSeriesInput,
  weekdayLabels,
  weekOfMonthLabels,
} from '../utils/series-form';
import { useDebouncedValue } from '../utils/use-debounced-value';
import { formatValleyDateTime } from '../utils/valley-time';
import { SelectField } from './select-field';

/** A row of native radio buttons under a legend (the browser's keyboard handling for free). */
function RadioRow<T extends string>({
  name,
  legend,
  value,
  options,
  onChange,
}: {
  name: string;
  legend: string;
  value: T;
  options: ReadonlyArray<{ value: T; label: string }>;
  onChange: (value: T) => void;
}) {
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 text-sm font-medium">{legend}</legend>
      <div className="flex flex-wrap gap-x-5 gap-y-2">
        {options.map((option) => (
          <label key={option.value} className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
              className="size-4 accent-primary"
            />
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function PreviewBox({ children, busy = false }: { children: ReactNode; busy?: boolean }) {
  return (
    <section
      aria-label="Dates of the series"
      aria-live="polite"
      aria-busy={busy}
      className="grid gap-2 rounded-md border border-border bg-secondary/40 p-3 text-sm"
    >
      {children}
    </section>
  );
}

/**
 * Makes a series from a walk (decision 039): repeat weekly or monthly on the Nth weekday, end after
 * a number of walks or on a date; the dates it gives show (valley time) before anything is made.
 * Messages show under the fields, as the event form's do: the form's own checks at once, the
 * server's (too many walks, too few) with the preview.
 */
export function SeriesDialog({ template, onClose }: { template: Event | null; onClose: () => void }) {
  const creation = useCreateEventSeries();
  const [values, setValues] = useState<SeriesFormValues | null>(null);
  useEffect(() => {
    setValues(template ? seriesFormDefaults(template.date) : null);
    creation.reset();
  }, [template, creation.reset]);

  const form = template && values ? toSeriesInput(template.id, values) : null;
  // The preview follows the form once typing pauses; compared as text, as each render parses anew.
  const bodyKey = form?.body ? JSON.stringify(form.body) : null;
  const settledKey = useDebouncedValue(bodyKey, 250);
  const previewBody = useMemo(
    () => (settledKey ? (JSON.parse(settledKey) as NonNullable<typeof form>['body']) : null),
    [settledKey],
  );
  const preview = useEventSeriesPreview(previewBody);
  const settled = bodyKey !== null && bodyKey === settledKey;
  const errors = {
    ...(form?.errors ?? {}),
    ...(settled ? seriesServerErrors(preview.error) : {}),
    ...seriesServerErrors(creation.error),
  };

  const set = <K extends keyof SeriesFormValues>(key: K, value: SeriesFormValues[K]) => {
    creation.reset();
    setValues((current) => (current ? { ...current, [key]: value } : current));
  };

  const onSubmit = (submitEvent: FormEvent) => {
    submitEvent.preventDefault();
    if (form?.body) creation.mutate(form.body, { onSuccess: onClose });
  };

  const title = template ? `Make a series: ${template.title}` : 'Make a series';
  const dates = settled && preview.data ? preview.data.dates : null;
  return (
    <Dialog open={template !== null} onOpenChange={(next) => (next ? undefined : onClose())}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] max-w-lg overflow-y-auto">
        <DialogHeader>
          <DialogTitle className="break-words">{title}</DialogTitle>
          <DialogDescription>
            Each date becomes a walk of its own, a copy of this one (details, price, seats, reminders) at the
            same time of day in the valley. Each can then be edited or cancelled on its own.
          </DialogDescription>
        </DialogHeader>
        {template && values ? (
          <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label={title}>
            <RadioRow
              name="series-frequency"
              legend="Repeat"
              value={values.frequency}
              options={[
                { value: 'weekly', label: 'Every week' },
                { value: 'monthly', label: 'Every month' },
              ]}
              onChange={(frequency) => set('frequency', frequency)}
            />
            <div className="grid gap-x-3 sm:grid-cols-2">
              {values.frequency === 'monthly' ? (
                <SelectField
                  id="series-week-of-month"
                  label="Week of the month"
                  value={values.weekOfMonth}
                  error={errors['rule.weekOfMonth']}
                  onChange={(change) =>
                    set('weekOfMonth', change.target.value as SeriesFormValues['weekOfMonth'])
                  }
                >
                  {weeksOfMonth.map((week) => (
                    <option key={week} value={week}>
                      {weekOfMonthLabels[week]}
                    </option>
                  ))}
                </SelectField>
              ) : null}
              <SelectField
                id="series-weekday"
                label="Day of the week"
                value={values.weekday}
                error={errors['rule.weekday']}
                onChange={(change) => set('weekday', change.target.value as SeriesFormValues['weekday'])}
              >
                {seriesWeekdays.map((weekday) => (
                  <option key={weekday} value={weekday}>
                    {weekdayLabels[weekday]}
                  </option>
                ))}
              </SelectField>
            </div>
            <RadioRow
              name="series-end"
              legend="Ends"
              value={values.endKind}
              options={[
                { value: 'count', label: 'After a number of walks' },
                { value: 'until', label: 'On a date' },
              ]}
              onChange={(endKind) => set('endKind', endKind)}
            />
            {values.endKind === 'count' ? (
              <FormField
                id="series-count"
                label="Number of walks"
                type="number"
                inputMode="numeric"
                min="2"
                max="52"
                step="1"
                hint="This walk counts as the first when its date fits. At most 52."
                value={values.count}
                error={errors['end.count']}
                onChange={(change) => set('count', change.target.value)}
              />
            ) : (
              <FormField
                id="series-until"
                label="Last date (Napa Valley)"
                type="date"
                hint="Walks on this day are included. At most 52 walks."
                value={values.until}
                error={errors['end.until']}
                onChange={(change) => set('until', change.target.value)}
              />
            )}
            {dates ? (
              <PreviewBox>
                <p className="font-medium" data-series-summary>
                  {preview.data?.ruleInWords}: {dates.length} walks
                  {preview.data?.templateJoins ? ', this walk the first' : ', all new'}
                </p>
                <ol className="grid gap-1">
                  {dates.map((date, index) => (
                    <li key={date} className="flex flex-wrap justify-between gap-x-3">
                      <span>{formatValleyDateTime(date)}</span>
                      {index === 0 && preview.data?.templateJoins ? (
                        <span className="text-muted-foreground">this walk</span>
                      ) : null}
                    </li>
                  ))}
                </ol>
              </PreviewBox>
            ) : form?.body && !errors['end.count'] && !errors['end.until'] && !errors.form ? (
              <PreviewBox busy>
                <p className="text-muted-foreground">Working out the dates…</p>
              </PreviewBox>
            ) : null}
            {errors.form ? (
              <p className="text-sm text-destructive" role="alert">
                {errors.form}
              </p>
            ) : null}
            <DialogFooter>
              <Button variant="outline" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" disabled={creation.isPending || !dates}>
                {creation.isPending ? 'Making the walks...' : 'Make the series'}
              </Button>
            </DialogFooter>
          </form>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
