import { KeyRoundIcon } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { AuthCard } from '../components/auth-card';

export function ResetPasswordRoute() {
  return (
    <>
      <title>Reset Password</title>
      <meta name="robots" content="noindex" />
      <AuthCard
        title="Reset Password"
        icon={KeyRoundIcon}
        description="Choose a new password of at least 6 characters."
        footer={
          <Button asChild variant="link">
            <Link to="/login">Back to Login</Link>
          </Button>
        }
      />
    </>
  );
}
