import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { DownloadIcon, FileJsonIcon, LoaderCircleIcon, TriangleAlertIcon } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router-dom';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { currentUserQueryKey } from '@/lib/current-user';
import { failureMessage, serverFieldErrors } from '@/lib/server-errors';
import { type DataExport, useDataExport, useDeleteAccount, useRequestDataExport } from '../api/privacy';

const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

function ExportState({ dataExport }: { dataExport: DataExport }) {
  switch (dataExport.status) {
    case 'preparing':
      return (
        <p className="flex items-center gap-2" role="status">
          <LoaderCircleIcon aria-hidden="true" className="size-4 animate-spin text-primary" />
          Gathering your data from every part of the site. We will also e-mail you when it is ready.
        </p>
      );
    case 'ready':
      return (
        <div className="grid gap-3">
          <p role="status">
            Ready since {dataExport.readyAt ? when.format(new Date(dataExport.readyAt)) : 'just now'}
            {dataExport.expiresAt ? `, available until ${when.format(new Date(dataExport.expiresAt))}` : ''}.
          </p>
          {dataExport.downloadUrl ? (
            <div>
              <Button asChild>
                {/* A file, not a page of the app: the browser downloads it. */}
                <a href={dataExport.downloadUrl} download>
                  <DownloadIcon aria-hidden="true" />
                  Download my data
                </a>
              </Button>
            </div>
          ) : null}
        </div>
      );
    case 'failed':
      return (
        <p className="text-destructive" role="status">
          {dataExport.message ?? 'Your data could not be gathered this time. Please ask again in a while.'}
        </p>
      );
  }
}

function DownloadCard() {
  const dataExport = useDataExport();
  const request = useRequestDataExport();
  const current = dataExport.data ?? null;
  const preparing = current?.status === 'preparing';
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" className="flex items-center gap-2">
          <FileJsonIcon aria-hidden="true" className="size-5 text-accent" />
          Download my data
        </CardTitle>
        <CardDescription>
          One file with everything the site holds about you: your account, devices, walks, orders and payments
          (never card numbers), newsletter and conversations with the assistant.{' '}
          <Link to="/privacy" className="font-medium text-primary underline-offset-4 hover:underline">
            What we keep and why
          </Link>
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4 text-sm">
        {dataExport.isPending ? (
          <Skeleton className="h-10 w-full" />
        ) : dataExport.isError ? (
          <p className="text-destructive">Your downloads could not be loaded. Please reload the page.</p>
        ) : current ? (
          <ExportState dataExport={current} />
        ) : null}
        {preparing ? null : (
          <div>
            <Button
              variant={current?.status === 'ready' ? 'outline' : 'default'}
              disabled={request.isPending}
              onClick={() =>
                request.mutate(undefined, {
                  onError: (error) =>
                    toast({
                      variant: 'destructive',
                      title: 'Your data could not be prepared',
                      description: failureMessage(error, 'Please try again in a moment.'),
                    }),
                })
              }
            >
              {request.isPending ? 'Asking...' : current ? 'Prepare a new copy' : 'Prepare my data'}
            </Button>
          </div>
        )}
      </CardContent>
    </Card>
  );
}

const deleteSchema = z.object({ currentPassword: z.string().min(1, 'Current password is required') });
type DeleteValues = z.input<typeof deleteSchema>;

function DeleteCard() {
  const [open, setOpen] = useState(false);
  const deletion = useDeleteAccount();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<DeleteValues>({ resolver: zodResolver(deleteSchema), defaultValues: { currentPassword: '' } });

  const close = (next: boolean) => {
    if (!next) reset({ currentPassword: '' });
    setOpen(next);
  };

  const onSubmit = handleSubmit((values) =>
    deletion.mutate(values, {
      onSuccess: (answer) => {
        // Logged out everywhere: nothing of the account stays in this page's memory either.
        queryClient.clear();
        queryClient.setQueryData(currentUserQueryKey, null);
        toast({ title: 'Your account is deleted', description: answer.message });
        navigate('/', { replace: true });
      },
      onError: (error) => {
        const field = serverFieldErrors(error, ['currentPassword'] as const);
        setError('currentPassword', {
          type: 'server',
          message:
            field.currentPassword ??
            failureMessage(error, 'Your account could not be deleted. Please try again.'),
        });
      },
    }),
  );

  return (
    <Card className="border-destructive/40">
      <CardHeader>
        <CardTitle as="h2" className="flex items-center gap-2">
          <TriangleAlertIcon aria-hidden="true" className="size-5 text-destructive" />
          Delete my account
        </CardTitle>
        <CardDescription>
          Your account and your personal data are erased from every part of the site, and you are logged out
          everywhere. Orders and payments keep only what bookkeeping and refunds need, without your name,
          e-mail, phone or address. This cannot be undone: download your data first if you want a copy.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Button variant="destructive" onClick={() => setOpen(true)}>
          Delete my account
        </Button>
      </CardContent>
      <Dialog open={open} onOpenChange={close}>
        <DialogContent role="alertdialog">
          <DialogHeader>
            <DialogTitle>Delete your account?</DialogTitle>
            <DialogDescription>
              Enter your password to confirm. Your walks still to come are cancelled; a seat you paid for
              online is not refunded by this: cancel it under My walks first to get your money back.
            </DialogDescription>
          </DialogHeader>
          <form noValidate onSubmit={onSubmit} className="grid gap-3" aria-label="Delete my account">
            <FormField
              id="delete-current-password"
              label="Current password"
              type="password"
              autoComplete="current-password"
              error={errors.currentPassword?.message}
              {...register('currentPassword')}
            />
            <DialogFooter>
              <Button
                type="button"
                variant="outline"
                onClick={() => close(false)}
                disabled={deletion.isPending}
              >
                Keep my account
              </Button>
              <Button type="submit" variant="destructive" disabled={deletion.isPending}>
                {deletion.isPending ? 'Deleting...' : 'Delete my account'}
              </Button>
            </DialogFooter>
          </form>
        </DialogContent>
      </Dialog>
    </Card>
  );
}

/** Your data: the download of everything the site holds, and deleting the account. */
export function DataTab() {
  return (
    <div className="grid max-w-3xl gap-4">
      <DownloadCard />
      <DeleteCard />
    </div>
  );
}
