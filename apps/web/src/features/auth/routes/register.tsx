import { zodResolver } from '@hookform/resolvers/zod';
import { UserPlusIcon } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { PrivacyNote } from '@/components/legal/privacy-note';
import { PageHead } from '@/components/seo/page-head';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form';
import { toast } from '@/components/ui/use-toast';
import { failureMessage, serverFieldErrors } from '@/lib/server-errors';
import {
  REGISTER_FAILURE_FALLBACK,
  type RegisterInput,
  registerInputSchema,
  useRegister,
} from '../api/register';
import { AuthCard } from '../components/auth-card';
import { loginPathReturningTo, NEXT_PARAM, postLoginPath, safeNextPath } from '../utils/post-login-path';

const fields = ['username', 'email', 'password'] as const;

export function RegisterRoute() {
  const navigate = useNavigate();
  const registration = useRegister();
  const [searchParams] = useSearchParams();
  const next = safeNextPath(searchParams.get(NEXT_PARAM));
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors },
  } = useForm<RegisterInput>({
    resolver: zodResolver(registerInputSchema),
    defaultValues: { username: '', email: '', password: '' },
  });

  const onSubmit = handleSubmit((values) => {
    if (registration.isPending) return;
    registration.mutate(values, {
      onSuccess: (user) => {
        toast({
          title: 'Registration successful!',
          description: `Welcome to Jesus Walks, ${user.username}!`,
        });
        navigate(postLoginPath(user, next), { replace: true });
      },
      onError: (error) => {
        // The server's own rules (e.g. the username's characters) also show under the field.
        const fieldErrors = serverFieldErrors(error, fields);
        const first = fields.find((name) => fieldErrors[name]);
        for (const name of fields) {
          const message = fieldErrors[name];
          if (message) setError(name, { type: 'server', message });
        }
        if (first) setFocus(first);
        toast({
          variant: 'destructive',
          title: 'Registration failed',
          description: failureMessage(error, REGISTER_FAILURE_FALLBACK),
        });
      },
    });
  });

  return (
    <>
      <PageHead
        title="Create an Account"
        description="Join Jesus Walks: register for guided faith-based hikes in the Napa Valley and keep your bookings in one place."
        path="/register"
        noindex
      />
      <AuthCard
        title="Create an Account"
        icon={UserPlusIcon}
        description="Join the walks, keep track of your orders and sign up for events."
        footer={
          <p>
            Already have an account?{' '}
            <Link
              to={next ? loginPathReturningTo(next) : '/login'}
              className="font-medium text-primary underline-offset-4 hover:underline"
            >
              Log in
            </Link>
          </p>
        }
      >
        <form noValidate onSubmit={onSubmit} className="grid gap-3" aria-label="Create an Account">
          <FormField
            id="register-username"
            label="Username"
            autoComplete="username"
            autoCapitalize="none"
            autoCorrect="off"
            spellCheck={false}
            hint="3 to 30 letters, numbers, dots, dashes or underscores."
            error={errors.username?.message}
            {...register('username')}
          />
          <FormField
            id="register-email"
            label="Email"
            type="email"
            inputMode="email"
            autoComplete="email"
            autoCapitalize="none"
            spellCheck={false}
            error={errors.email?.message}
            {...register('email')}
          />
          <FormField
            id="register-password"
            label="Password"
            type="password"
            autoComplete="new-password"
            hint="At least 6 characters."
            revealable
            error={errors.password?.message}
            {...register('password')}
          />
          <Button type="submit" size="lg" className="mt-1 w-full" disabled={registration.isPending}>
            {registration.isPending ? 'Creating account...' : 'Create Account'}
          </Button>
          <PrivacyNote className="text-center" />
        </form>
      </AuthCard>
    </>
  );
}
