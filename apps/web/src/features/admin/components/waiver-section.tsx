import { zodResolver } from '@hookform/resolvers/zod';
import {
  type AdminWaiverVersion,
  MAX_WAIVER_TEXT_LENGTH,
  type NewWaiverVersionBody,
  NewWaiverVersionBodySchema,
} from '@jesus-walks/contracts/waivers';
import { FileSignatureIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { useAdminWaiver } from '../api/get-admin-waiver';
import { usePublishWaiver } from '../api/publish-waiver';
import { formatValleyDateTime } from '../utils/valley-time';
import { ListStatus } from './list-status';

/** "Version 2, published 3 May 2030, 9:00 AM by pastor-dan · 14 signatures". */
export function versionLine(version: AdminWaiverVersion): string {
  const by = version.publishedBy ? ` by ${version.publishedBy}` : '';
  const signatures = `${version.signatures} ${version.signatures === 1 ? 'signature' : 'signatures'}`;
  return `Version ${version.version}, published ${formatValleyDateTime(version.publishedAt)}${by} · ${signatures}`;
}

/**
 * The group's waiver (decision 038), below the events: the current text, the versions published
 * before (each kept with its signatures), and a new version to publish. Walks choose in their form
 * whether registering requires it.
 */
export function WaiverSection() {
  const waiver = useAdminWaiver();
  const [writing, setWriting] = useState(false);
  const current = waiver.data?.current ?? null;
  const older = waiver.data?.versions.slice(1) ?? [];

  return (
    <section className="grid min-w-0 gap-3 border-t border-border pt-6" aria-labelledby="waiver-heading">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <h3 id="waiver-heading" className="font-serif text-xl font-semibold">
          Waiver
        </h3>
        <Button variant="outline" onClick={() => setWriting(true)} disabled={waiver.isPending}>
          <FileSignatureIcon aria-hidden="true" />
          {current ? 'Publish a new version' : 'Write the waiver'}
        </Button>
      </div>
      <p className="text-sm text-muted-foreground">
        Walks that require it ask each walker to accept the current version by typing their full name. A new
        version never changes an older one: signatures keep the text their walkers accepted.
      </p>
      <ListStatus
        loading={waiver.isPending}
        error={waiver.error}
        loadingText="Loading the waiver..."
        errorPrefix="Error loading the waiver"
      />
      {waiver.data && !current ? (
        <p className="text-sm">No waiver has been published yet: walks cannot require one until it is.</p>
      ) : null}
      {current ? (
        <div className="grid gap-2">
          <p className="text-sm font-medium" data-testid="waiver-current">
            {versionLine(current)}
          </p>
          <div
            data-testid="waiver-current-text"
            className="max-h-72 overflow-y-auto whitespace-pre-line break-words rounded-md border border-border bg-muted p-3 text-sm leading-6"
          >
            {current.text}
          </div>
        </div>
      ) : null}
      {older.length > 0 ? (
        <details className="grid gap-2 text-sm">
          <summary className="cursor-pointer font-medium">Earlier versions ({older.length})</summary>
          <ul className="mt-2 grid gap-3">
            {older.map((version) => (
              <li key={version.id} data-waiver-version={version.version} className="grid gap-1">
                <span className="font-medium">{versionLine(version)}</span>
                <details>
                  <summary className="cursor-pointer text-muted-foreground">
                    Read version {version.version}
                  </summary>
                  <div className="mt-1 max-h-60 overflow-y-auto whitespace-pre-line break-words rounded-md border border-border p-3">
                    {version.text}
                  </div>
                </details>
              </li>
            ))}
          </ul>
        </details>
      ) : null}
      <PublishWaiverDialog open={writing} startFrom={current?.text ?? ''} onClose={() => setWriting(false)} />
    </section>
  );
}

/** A new version, starting from the current text. */
function PublishWaiverDialog({
  open,
  startFrom,
  onClose,
}: {
  open: boolean;
  startFrom: string;
  onClose: () => void;
}) {
  const publish = usePublishWaiver();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<NewWaiverVersionBody>({
    resolver: zodResolver(NewWaiverVersionBodySchema),
    defaultValues: { text: startFrom },
  });
  useEffect(() => {
    if (open) reset({ text: startFrom });
  }, [open, startFrom, reset]);

  const onSubmit = handleSubmit((values) => {
    if (publish.isPending) return;
    publish.mutate(values.text, { onSuccess: onClose });
  });

  return (
    <Dialog open={open} onOpenChange={(next) => (next ? undefined : onClose())}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] max-w-2xl overflow-y-auto">
        <DialogHeader>
          <DialogTitle>Publish a new version of the waiver</DialogTitle>
          <DialogDescription>
            From now on, walks that require the waiver ask for this version. Signatures of earlier versions
            are kept with their text.
          </DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={onSubmit} className="grid gap-2" aria-label="New waiver version">
          <Label htmlFor="waiver-text">Waiver text</Label>
          <Textarea
            id="waiver-text"
            rows={16}
            maxLength={MAX_WAIVER_TEXT_LENGTH}
            aria-invalid={errors.text ? true : undefined}
            aria-describedby="waiver-text-error"
            {...register('text')}
          />
          <p id="waiver-text-error" className="min-h-5 text-sm leading-5 text-destructive">
            {errors.text?.message}
          </p>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={publish.isPending}>
              {publish.isPending ? 'Publishing...' : 'Publish this version'}
            </Button>
            <Button type="button" variant="outline" onClick={onClose} disabled={publish.isPending}>
              Cancel
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
