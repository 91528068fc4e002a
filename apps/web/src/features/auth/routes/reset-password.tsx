import { zodResolver } from '@hookform/resolvers/zod';
import { CircleCheckIcon, KeyRoundIcon, LoaderCircleIcon } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { PageHead } from '@/components/seo/page-head';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form';
import { toast } from '@/components/ui/use-toast';
import { failureMessage, serverFieldErrors } from '@/lib/server-errors';
import {
  RESET_PASSWORD_FAILURE_FALLBACK,
  RESET_SUCCESS_MESSAGE,
  type ResetPasswordInput,
  resetPasswordInputSchema,
  useResetPassword,
} from '../api/reset-password';
import { AuthCard } from '../components/auth-card';
import { useDelayedNavigate } from '../hooks/use-delayed-navigate';
import { RESET_REDIRECT_DELAY_MS } from '../utils/post-login-path';
import { recoveryLoginPath } from '../utils/recovery-params';

/** Without a token there is nothing to reset: say so and go to /login (SPEC.md "Reset password"). */
function useRequireToken(token: string): boolean {
  const navigate = useNavigate();
  const handled = useRef(false);
  const missing = token === '';

  useEffect(() => {
    // StrictMode runs effects twice in development; one toast is enough.
    if (!missing || handled.current) return;
    handled.current = true;
    toast({
      variant: 'destructive',
      title: 'Invalid Reset Link',
      description: 'The reset link is invalid or expired.',
    });
    navigate('/login', { replace: true });
  }, [missing, navigate]);

  return !missing;
}

export function ResetPasswordRoute() {
  const [searchParams] = useSearchParams();
  const token = (searchParams.get('token') ?? '').trim();
  const hasToken = useRequireToken(token);
  const reset = useResetPassword();
  const navigateLater = useDelayedNavigate();
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors },
  } = useForm<ResetPasswordInput>({
    resolver: zodResolver(resetPasswordInputSchema),
    defaultValues: { newPassword: '', confirmPassword: '' },
  });

  const done = reset.isSuccess;
  const busy = reset.isPending || done;

  const onSubmit = handleSubmit((values) => {
    if (busy) return;
    reset.mutate(
      { token, newPassword: values.newPassword },
      {
        onSuccess: () => {
          toast({
            title: 'Password Reset Successfully!',
            description: 'Taking you to the login page...',
          });
          navigateLater(recoveryLoginPath('success', RESET_SUCCESS_MESSAGE), RESET_REDIRECT_DELAY_MS, {
            replace: true,
          });
        },
        onError: (error) => {
          const { newPassword } = serverFieldErrors(error, ['newPassword'] as const);
          if (newPassword) {
            setError('newPassword', { type: 'server', message: newPassword });
            setFocus('newPassword');
          }
          toast({
            variant: 'destructive',
            title: 'Reset Failed',
            description: failureMessage(error, RESET_PASSWORD_FAILURE_FALLBACK),
          });
        },
      },
    );
  });

  return (
    <>
      <PageHead
        title="Reset Password"
        description="Choose a new password for your Jesus Walks account."
        path="/reset-password"
        noindex
      />
      {/* The token is in this page's address: never send it on as a referrer. */}
      <meta name="referrer" content="no-referrer" />
      <AuthCard
        title="Reset Password"
        icon={KeyRoundIcon}
        description="Choose a new password for your account."
        footer={
          <p>
            Remembered it?{' '}
            <Link to="/login" className="font-medium text-primary underline-offset-4 hover:underline">
              Back to Login
            </Link>
          </p>
        }
      >
        {!hasToken ? (
          <div role="status" className="flex justify-center py-4 text-primary">
            <LoaderCircleIcon aria-hidden="true" className="size-6 animate-spin" />
            <span className="sr-only">Checking the reset link</span>
          </div>
        ) : (
          <>
            {done ? (
              <Alert variant="success">
                <CircleCheckIcon aria-hidden="true" />
                <AlertDescription>
                  Your password has been reset. Taking you to the login page...
                </AlertDescription>
              </Alert>
            ) : null}
            <form noValidate onSubmit={onSubmit} className="grid gap-3" aria-label="Reset Password">
              <FormField
                id="reset-new-password"
                label="New Password"
                type="password"
                autoComplete="new-password"
                hint="At least 6 characters."
                revealable
                disabled={done}
                error={errors.newPassword?.message}
                {...register('newPassword')}
              />
              <FormField
                id="reset-confirm-password"
                label="Confirm Password"
                type="password"
                autoComplete="new-password"
                revealable
                disabled={done}
                error={errors.confirmPassword?.message}
                {...register('confirmPassword')}
              />
              <Button type="submit" size="lg" className="mt-1 w-full" disabled={busy}>
                {reset.isPending ? 'Resetting...' : 'Reset Password'}
              </Button>
            </form>
          </>
        )}
      </AuthCard>
    </>
  );
}
