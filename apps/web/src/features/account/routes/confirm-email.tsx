import { MailCheckIcon } from 'lucide-react';
import { Link } from 'react-router-dom';
import { PageHead } from '@/components/seo/page-head';
import { TokenActionCard } from '@/components/token-action-card';
import { Button } from '@/components/ui/button';
import { useConfirmEmail } from '../api/account';

/**
 * /account/confirm-email?token=...: the link sent to confirm an address (a new member's, or the
 * new one a member asked to change to). It works without being logged in: the link is the proof.
 */
export function ConfirmEmailRoute() {
  const confirmation = useConfirmEmail();
  return (
    <>
      <PageHead
        title={confirmation.isSuccess ? 'E-mail confirmed' : 'Confirm your e-mail'}
        description="Confirm the e-mail address of your Jesus Walks account."
        path="/account/confirm-email"
        noindex
      />
      <TokenActionCard
        title="Confirm your e-mail"
        icon={MailCheckIcon}
        description="Press the button to confirm this is your e-mail address."
        actionLabel="Confirm my e-mail"
        pendingLabel="Confirming..."
        mutation={confirmation}
        doneTitle="E-mail confirmed"
        failureFallback="Your e-mail could not be confirmed. Please try again."
        after={
          <Button asChild variant="outline">
            <Link to="/account?tab=profile">Go to my account</Link>
          </Button>
        }
      />
    </>
  );
}
