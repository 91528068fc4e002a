import { MailCheckIcon } from 'lucide-react';
import { Link } from 'react-router-dom';
import { PageHead } from '@/components/seo/page-head';
import { TokenActionCard } from '@/components/token-action-card';
import { Button } from '@/components/ui/button';
import { useConfirmSubscription } from '../api/confirm-subscription';

/** /newsletter/confirm?token=...: the welcome e-mail's confirmation link lands here. */
export function NewsletterConfirmRoute() {
  const confirmation = useConfirmSubscription();
  return (
    <>
      <PageHead
        title={
          confirmation.isSuccess
            ? 'Subscription confirmed | Jesus Walks'
            : 'Confirm your subscription | Jesus Walks'
        }
        description="Confirm your subscription to the Jesus Walks newsletter."
        path="/newsletter/confirm"
        noindex
      />
      <TokenActionCard
        title="Confirm your subscription"
        icon={MailCheckIcon}
        description="One last step to receive Jesus News: new walks, stories from the trail and fresh merch."
        actionLabel="Confirm my subscription"
        pendingLabel="Confirming..."
        mutation={confirmation}
        doneTitle="Subscription confirmed"
        failureFallback="Your subscription could not be confirmed. Please try again."
        after={
          <Button asChild variant="outline">
            <Link to="/events">See our upcoming walks</Link>
          </Button>
        }
      />
    </>
  );
}
