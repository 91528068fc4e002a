import { LockIcon } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { AuthCard } from '../components/auth-card';

export function LoginRoute() {
  return (
    <>
      <title>Login</title>
      <AuthCard
        title="Login"
        icon={LockIcon}
        description="Welcome back to Jesus Walks."
        footer={
          <>
            <Link
              to="/forgot-password"
              className="font-medium text-primary underline-offset-4 hover:underline"
            >
              Forgot your password?
            </Link>
            <p>
              New here?{' '}
              <Link to="/register" className="font-medium text-primary underline-offset-4 hover:underline">
                Create an account
              </Link>
            </p>
          </>
        }
      >
        <Alert>
          <AlertDescription>Sign-in with your username and password opens here soon.</AlertDescription>
        </Alert>
      </AuthCard>
    </>
  );
}
