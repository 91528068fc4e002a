import { zodResolver } from '@hookform/resolvers/zod';
import { CircleAlertIcon, CircleCheckIcon, LockIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { PageHead } from '@/components/seo/page-head';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form';
import { toast } from '@/components/ui/use-toast';
import { type LoginInput, loginFailureMessage, loginInputSchema, useLogin } from '../api/login';
import { AuthCard } from '../components/auth-card';
import { useDelayedNavigate } from '../hooks/use-delayed-navigate';
import { LOGIN_REDIRECT_DELAY_MS, NEXT_PARAM, postLoginPath, safeNextPath } from '../utils/post-login-path';
import { hasRecoveryParams, parseRecoveryParams, type RecoveryNotice } from '../utils/recovery-params';

const linkClass = 'font-medium text-primary underline-offset-4 hover:underline';

/**
 * The notice of `?recovery=success|error&message=...`. It is read once, then the query string is
 * removed from the address while the alert stays (SPEC.md "Login").
 */
function useRecoveryNotice(): RecoveryNotice | null {
  const location = useLocation();
  const navigate = useNavigate();
  const [notice, setNotice] = useState(() => parseRecoveryParams(location.search));

  useEffect(() => {
    if (!hasRecoveryParams(location.search)) return;
    const next = parseRecoveryParams(location.search);
    if (next) setNotice(next);
    navigate(
      { pathname: location.pathname, search: '', hash: location.hash },
      { replace: true, preventScrollReset: true },
    );
  }, [location.search, location.pathname, location.hash, navigate]);

  return notice;
}

export function LoginRoute() {
  const notice = useRecoveryNotice();
  const [searchParams] = useSearchParams();
  // Where the member was going when a page asked them to log in (/account): back there after.
  const next = safeNextPath(searchParams.get(NEXT_PARAM));
  const loginMutation = useLogin();
  const navigateLater = useDelayedNavigate();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<LoginInput>({
    resolver: zodResolver(loginInputSchema),
    defaultValues: { username: '', password: '' },
  });

  const redirecting = loginMutation.isSuccess;
  const busy = loginMutation.isPending || redirecting;

  const onSubmit = handleSubmit((values) => {
    if (busy) return;
    loginMutation.mutate(values, {
      onSuccess: ({ user }) => {
        toast({ title: 'Login successful!', description: `Welcome back, ${user.username}.` });
        navigateLater(postLoginPath(user, next), LOGIN_REDIRECT_DELAY_MS, { replace: true });
      },
      onError: (error) => {
        toast({ variant: 'destructive', title: 'Login failed', description: loginFailureMessage(error) });
      },
    });
  });

  return (
    <>
      <PageHead
        title="Login"
        description="Log in to your Jesus Walks account to register for walks and follow your orders."
        path="/login"
        noindex
      />
      <AuthCard
        title="Login"
        icon={LockIcon}
        description="Welcome back to Jesus Walks."
        footer={
          <p>
            New here?{' '}
            <Link
              to={next ? `/register?${new URLSearchParams({ [NEXT_PARAM]: next })}` : '/register'}
              className={linkClass}
            >
              Create an account
            </Link>
          </p>
        }
      >
        {notice ? (
          <Alert variant={notice.kind === 'success' ? 'success' : 'destructive'} data-recovery={notice.kind}>
            {notice.kind === 'success' ? (
              <CircleCheckIcon aria-hidden="true" />
            ) : (
              <CircleAlertIcon aria-hidden="true" />
            )}
            <AlertDescription>{notice.message}</AlertDescription>
          </Alert>
        ) : null}
        <form noValidate onSubmit={onSubmit} className="grid gap-3" aria-label="Login">
          <FormField
            id="login-username"
            label="Username"
            autoComplete="username"
            autoCapitalize="none"
            autoCorrect="off"
            spellCheck={false}
            error={errors.username?.message}
            {...register('username')}
          />
          <FormField
            id="login-password"
            label="Password"
            type="password"
            autoComplete="current-password"
            revealable
            error={errors.password?.message}
            labelAside={
              <Link to="/forgot-password" className={`text-sm ${linkClass}`}>
                Forgot your password?
              </Link>
            }
            {...register('password')}
          />
          <Button type="submit" size="lg" className="mt-1 w-full" disabled={busy}>
            {loginMutation.isPending ? 'Logging in...' : redirecting ? 'Redirecting...' : 'Login'}
          </Button>
        </form>
      </AuthCard>
    </>
  );
}
