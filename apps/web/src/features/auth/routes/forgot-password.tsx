import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRoundIcon, MailCheckIcon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router-dom';
import { PageHead } from '@/components/seo/page-head';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form';
import { toast } from '@/components/ui/use-toast';
import { failureMessage } from '@/lib/server-errors';
import {
  FORGOT_PASSWORD_FAILURE_FALLBACK,
  type ForgotPasswordInput,
  forgotPasswordInputSchema,
  useForgotPassword,
} from '../api/forgot-password';
import { AuthCard } from '../components/auth-card';
import { DevResetLink } from '../components/dev-reset-link';

/** Long enough to copy the token or follow the link; production toasts keep the 5 s default. */
const DEV_TOAST_DURATION_MS = 60_000;

export function ForgotPasswordRoute() {
  const navigate = useNavigate();
  const request = useForgotPassword();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const {
    register,
    handleSubmit,
    setFocus,
    formState: { errors },
  } = useForm<ForgotPasswordInput>({
    resolver: zodResolver(forgotPasswordInputSchema),
    defaultValues: { email: '' },
  });

  // The confirmation replaces the form: move focus to its heading so it is announced; coming back
  // to the form puts it in the email field.
  const wasSent = useRef(false);
  useEffect(() => {
    if (sentTo !== null) {
      wasSent.current = true;
      headingRef.current?.focus();
    } else if (wasSent.current) {
      setFocus('email');
    }
  }, [sentTo, setFocus]);

  const onSubmit = handleSubmit((values) => {
    if (request.isPending) return;
    request.mutate(values, {
      onSuccess: (answer) => {
        // One toast shows at a time (SPEC.md section 9), so the development link rides on this one.
        toast({
          title: 'Reset email sent!',
          description: answer.resetToken ? (
            <>
              {answer.message}
              <DevResetLink token={answer.resetToken} onOpen={(path) => navigate(path)} />
            </>
          ) : (
            answer.message
          ),
          ...(answer.resetToken ? { duration: DEV_TOAST_DURATION_MS } : {}),
        });
        setSentTo(values.email);
      },
      onError: (error) => {
        toast({
          variant: 'destructive',
          title: 'Error',
          description: failureMessage(error, FORGOT_PASSWORD_FAILURE_FALLBACK),
        });
      },
    });
  });

  if (sentTo !== null) {
    return (
      <>
        <title>Check Your Email</title>
        <AuthCard
          title="Check Your Email"
          icon={MailCheckIcon}
          headingRef={headingRef}
          description={
            <>
              If an account uses{' '}
              <strong className="font-semibold wrap-anywhere text-foreground">{sentTo}</strong>, a link to
              choose a new password is on its way. The link works once, for one hour.
            </>
          }
        >
          <Button asChild size="lg" className="w-full">
            <Link to="/login">Back to Login</Link>
          </Button>
          <Button variant="link" onClick={() => setSentTo(null)}>
            Use a different email
          </Button>
        </AuthCard>
      </>
    );
  }

  return (
    <>
      <PageHead
        title="Forgot Password"
        description="Reset the password of your Jesus Walks account."
        path="/forgot-password"
        noindex
      />
      <AuthCard
        title="Forgot Password"
        icon={KeyRoundIcon}
        headingRef={headingRef}
        description="Enter the email address of your account and we will send you a link to choose a new password."
        footer={
          <p>
            Remembered it?{' '}
            <Link to="/login" className="font-medium text-primary underline-offset-4 hover:underline">
              Back to Login
            </Link>
          </p>
        }
      >
        <form noValidate onSubmit={onSubmit} className="grid gap-3" aria-label="Forgot Password">
          <FormField
            id="forgot-email"
            label="Email"
            type="email"
            inputMode="email"
            autoComplete="email"
            autoCapitalize="none"
            spellCheck={false}
            error={errors.email?.message}
            {...register('email')}
          />
          <Button type="submit" size="lg" className="mt-1 w-full" disabled={request.isPending}>
            {request.isPending ? 'Sending...' : 'Send Reset Email'}
          </Button>
        </form>
      </AuthCard>
    </>
  );
}
