import { KeyRoundIcon } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { AuthCard } from '../components/auth-card';

export function ForgotPasswordRoute() {
  return (
    <>
      <title>Forgot Password</title>
      <AuthCard
        title="Forgot Password"
        icon={KeyRoundIcon}
        description="Enter the email address of your account and we will send you a link to choose a new password."
        footer={
          <Button asChild variant="link">
            <Link to="/login">Back to Login</Link>
          </Button>
        }
      />
    </>
  );
}
