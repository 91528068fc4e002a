import { UserPlusIcon } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { AuthCard } from '../components/auth-card';

export function RegisterRoute() {
  return (
    <>
      <title>Create an Account</title>
      <AuthCard
        title="Create an Account"
        icon={UserPlusIcon}
        description="Join the walks, keep track of your orders and sign up for events."
        footer={
          <p>
            Already have an account?{' '}
            <Link to="/login" className="font-medium text-primary underline-offset-4 hover:underline">
              Log in
            </Link>
          </p>
        }
      >
        <Alert>
          <AlertDescription>Account registration opens here soon.</AlertDescription>
        </Alert>
      </AuthCard>
    </>
  );
}
