import { zodResolver } from '@hookform/resolvers/zod';
import { BadgeCheckIcon, MonitorSmartphoneIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { type ChangeMyPasswordValues, changeMyPasswordSchema } from '@/lib/account/change-password';
import { failureMessage, serverFieldErrors } from '@/lib/server-errors';
import {
  type Account,
  type AccountSession,
  useAccount,
  useAccountSessions,
  useChangeEmail,
  useChangeMyPassword,
  useEndOtherSessions,
  useEndSession,
  useSendVerification,
  useUpdateProfile,
} from '../api/account';
import {
  type EmailChangeValues,
  emailChangeSchema,
  type ProfileValues,
  profileSchema,
} from '../utils/profile-forms';

function failed(title: string, error: unknown, fallback: string) {
  toast({ variant: 'destructive', title, description: failureMessage(error, fallback) });
}

function Section({
  title,
  description,
  children,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{title}</CardTitle>
        {description ? <CardDescription>{description}</CardDescription> : null}
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

function DetailsCard({ account }: { account: Account }) {
  const update = useUpdateProfile();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isDirty },
    reset,
  } = useForm<ProfileValues>({
    resolver: zodResolver(profileSchema),
    values: { name: account.name ?? '' },
  });
  const onSubmit = handleSubmit((values) =>
    update.mutate(values, {
      onSuccess: (saved) => {
        reset({ name: saved.name ?? '' });
        toast({ title: 'Saved', description: 'Your name is updated.' });
      },
      onError: (error) => {
        const field = serverFieldErrors(error, ['name'] as const);
        if (field.name) setError('name', { type: 'server', message: field.name });
        failed('Your name could not be saved', error, 'Please try again.');
      },
    }),
  );
  return (
    <Section title="Your details" description="Your name is how we greet you and fill in forms for you.">
      <form noValidate onSubmit={onSubmit} className="grid gap-3" aria-label="Your details">
        <dl className="grid gap-1 text-sm">
          <dt className="text-muted-foreground">Username (to log in)</dt>
          <dd className="font-medium">{account.username}</dd>
        </dl>
        <FormField
          id="account-name"
          label="Your name"
          autoComplete="name"
          hint="Optional: leave empty to be greeted by your username."
          error={errors.name?.message}
          {...register('name')}
        />
        <div>
          <Button type="submit" disabled={update.isPending || !isDirty}>
            {update.isPending ? 'Saving...' : 'Save'}
          </Button>
        </div>
      </form>
    </Section>
  );
}

function EmailCard({ account }: { account: Account }) {
  const change = useChangeEmail();
  const verification = useSendVerification();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<EmailChangeValues>({
    resolver: zodResolver(emailChangeSchema),
    defaultValues: { email: '', currentPassword: '' },
  });
  const onSubmit = handleSubmit((values) =>
    change.mutate(values, {
      onSuccess: (answer) => {
        reset({ email: '', currentPassword: '' });
        toast({ title: 'Check your new e-mail', description: answer.message });
      },
      onError: (error) => {
        const fields = serverFieldErrors(error, ['email', 'currentPassword'] as const);
        for (const name of ['email', 'currentPassword'] as const) {
          const message = fields[name];
          if (message) setError(name, { type: 'server', message });
        }
        failed('Your e-mail could not be changed', error, 'Please try again.');
      },
    }),
  );
  return (
    <Section
      title="E-mail"
      description="Where we send your confirmations, reminders and the links to reset your password."
    >
      <div className="grid gap-5">
        <div className="grid gap-2 text-sm">
          <div className="flex flex-wrap items-center gap-2">
            <span className="font-medium break-all">{account.email}</span>
            {account.emailVerified ? (
              <Badge variant="success">
                <BadgeCheckIcon aria-hidden="true" className="size-3.5" />
                Verified
              </Badge>
            ) : (
              <Badge variant="warning">Not verified</Badge>
            )}
          </div>
          {!account.emailVerified ? (
            <div className="flex flex-wrap items-center gap-2">
              <p className="text-muted-foreground">
                Confirm it's yours to subscribe in one click and to add orders you placed as a guest.
              </p>
              <Button
                variant="outline"
                size="sm"
                disabled={verification.isPending || verification.isSuccess}
                onClick={() =>
                  verification.mutate(undefined, {
                    onSuccess: (answer) => toast({ title: 'Check your e-mail', description: answer.message }),
                    onError: (error) => failed('The link could not be sent', error, 'Please try again.'),
                  })
                }
              >
                {verification.isPending
                  ? 'Sending...'
                  : verification.isSuccess
                    ? 'Link sent'
                    : 'Send me a confirmation link'}
              </Button>
            </div>
          ) : null}
          {account.pendingEmail ? (
            <p className="rounded-lg bg-muted p-3" role="status">
              Waiting for you to open the link we sent to{' '}
              <span className="font-medium break-all">{account.pendingEmail}</span>. Your e-mail changes when
              you do.
            </p>
          ) : null}
        </div>
        <form noValidate onSubmit={onSubmit} className="grid gap-3 sm:grid-cols-2" aria-label="Change e-mail">
          <FormField
            id="account-new-email"
            label="New e-mail"
            type="email"
            autoComplete="email"
            error={errors.email?.message}
            {...register('email')}
          />
          <FormField
            id="account-email-password"
            label="Current password"
            type="password"
            autoComplete="current-password"
            revealable
            error={errors.currentPassword?.message}
            {...register('currentPassword')}
          />
          <div className="sm:col-span-2">
            <Button type="submit" disabled={change.isPending}>
              {change.isPending ? 'Sending...' : 'Change e-mail'}
            </Button>
          </div>
        </form>
      </div>
    </Section>
  );
}

const emptyPasswords: ChangeMyPasswordValues = { currentPassword: '', newPassword: '', confirmPassword: '' };

function PasswordCard() {
  const change = useChangeMyPassword();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<ChangeMyPasswordValues>({
    resolver: zodResolver(changeMyPasswordSchema),
    defaultValues: emptyPasswords,
  });
  const onSubmit = handleSubmit((values) =>
    change.mutate(
      { currentPassword: values.currentPassword, newPassword: values.newPassword },
      {
        onSuccess: () => {
          reset(emptyPasswords);
          toast({
            title: 'Password changed',
            description: 'Your other devices have been logged out.',
          });
        },
        onError: (error) => failed('Your password could not be changed', error, 'Please try again.'),
      },
    ),
  );
  return (
    <Section title="Password" description="Changing it logs you out on your other devices.">
      <form noValidate onSubmit={onSubmit} className="grid gap-3 sm:grid-cols-2" aria-label="Change password">
        <div className="sm:col-span-2 sm:max-w-[calc(50%-0.375rem)]">
          <FormField
            id="account-current-password"
            label="Current password"
            type="password"
            autoComplete="current-password"
            error={errors.currentPassword?.message}
            {...register('currentPassword')}
          />
        </div>
        <FormField
          id="account-new-password"
          label="New password"
          type="password"
          autoComplete="new-password"
          error={errors.newPassword?.message}
          {...register('newPassword')}
        />
        <FormField
          id="account-confirm-password"
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          {...register('confirmPassword')}
        />
        <div className="sm:col-span-2">
          <Button type="submit" disabled={change.isPending}>
            {change.isPending ? 'Changing...' : 'Change password'}
          </Button>
        </div>
      </form>
    </Section>
  );
}

const sessionDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

function SessionRow({ session }: { session: AccountSession }) {
  const end = useEndSession();
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3">
      <div className="flex min-w-0 items-start gap-3">
        <MonitorSmartphoneIcon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-muted-foreground" />
        <div className="min-w-0 text-sm">
          <p className="font-medium">
            {session.device ?? 'Unknown device'}
            {session.current ? (
              <Badge variant="success" className="ml-2 align-middle">
                This device
              </Badge>
            ) : null}
          </p>
          <p className="text-muted-foreground">
            Last active {sessionDate.format(new Date(session.lastActiveAt))}
            {session.address ? ` · ${session.address}` : ''}
          </p>
        </div>
      </div>
      {session.current ? null : (
        <Button
          variant="outline"
          size="sm"
          disabled={end.isPending}
          onClick={() =>
            end.mutate(session.id, {
              onError: (error) => failed('That device could not be logged out', error, 'Please try again.'),
            })
          }
        >
          {end.isPending ? 'Logging out...' : 'Log out'}
        </Button>
      )}
    </li>
  );
}

function SessionsCard() {
  const sessions = useAccountSessions();
  const endOthers = useEndOtherSessions();
  const others = sessions.data?.filter((session) => !session.current).length ?? 0;
  return (
    <Section
      title="Where you're logged in"
      description="Log out a device you no longer use, or every device but this one."
    >
      {sessions.isPending ? (
        <Skeleton className="h-20 w-full" />
      ) : sessions.isError ? (
        <p className="text-sm text-destructive">Your devices could not be loaded. Please reload the page.</p>
      ) : (
        <div className="grid gap-3">
          <ul className="grid divide-y divide-border" aria-label="Devices">
            {sessions.data.map((session) => (
              <SessionRow key={session.id} session={session} />
            ))}
          </ul>
          <div>
            <Button
              variant="outline"
              disabled={others === 0 || endOthers.isPending}
              onClick={() =>
                endOthers.mutate(undefined, {
                  onSuccess: (answer) =>
                    toast({
                      title: 'Logged out everywhere else',
                      description:
                        answer.ended === 1
                          ? 'One other device was logged out.'
                          : `${answer.ended} other devices were logged out.`,
                    }),
                  onError: (error) =>
                    failed('Your other devices could not be logged out', error, 'Please try again.'),
                })
              }
            >
              {endOthers.isPending ? 'Logging out...' : 'Log out everywhere else'}
            </Button>
          </div>
        </div>
      )}
    </Section>
  );
}

/** Profile: name, e-mail (changed through a link sent to the new one), password and devices. */
export function ProfileTab() {
  const account = useAccount();
  if (account.isPending) {
    return (
      <div className="grid gap-4" aria-busy="true">
        <Skeleton className="h-40 w-full" />
        <Skeleton className="h-40 w-full" />
      </div>
    );
  }
  if (account.isError) {
    return (
      <div className="grid justify-items-start gap-3">
        <p className="text-destructive">Your details could not be loaded.</p>
        <Button onClick={() => void account.refetch()}>Try Again</Button>
      </div>
    );
  }
  return (
    <div className="grid gap-4 lg:grid-cols-2 lg:items-start">
      <DetailsCard account={account.data} />
      <EmailCard account={account.data} />
      <PasswordCard />
      <SessionsCard />
    </div>
  );
}
