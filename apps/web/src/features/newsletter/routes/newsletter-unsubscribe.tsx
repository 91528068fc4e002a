import { BellOffIcon } from 'lucide-react';
import { PageHead } from '@/components/seo/page-head';
import { TokenActionCard } from '@/components/token-action-card';
import { useUnsubscribeNewsletter } from '../api/unsubscribe-newsletter';

/** /newsletter/unsubscribe?token=...: the unsubscribe link of every newsletter e-mail lands here. */
export function NewsletterUnsubscribeRoute() {
  const unsubscription = useUnsubscribeNewsletter();
  return (
    <>
      <PageHead
        title={unsubscription.isSuccess ? 'You are unsubscribed | Jesus Walks' : 'Unsubscribe | Jesus Walks'}
        description="Unsubscribe from the Jesus Walks newsletter."
        path="/newsletter/unsubscribe"
        noindex
      />
      <TokenActionCard
        title="Unsubscribe from Jesus News"
        icon={BellOffIcon}
        description="We're sorry to see you go. You will no longer receive our newsletter."
        actionLabel="Unsubscribe"
        pendingLabel="Unsubscribing..."
        mutation={unsubscription}
        doneTitle="You are unsubscribed"
        failureFallback="You could not be unsubscribed. Please try again."
      />
    </>
  );
}
