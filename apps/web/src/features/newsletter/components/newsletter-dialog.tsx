import { MailIcon } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/use-toast';
import { getServerMessage } from '@/lib/api-client';
import {
  closeNewsletterDialog,
  setNewsletterDialogOpen,
  useNewsletterDialogOpen,
} from '@/lib/newsletter-dialog-store';
import { isValidNewsletterEmail, useSubscribeNewsletter } from '../api/subscribe-newsletter';

/**
 * The newsletter sign-up (SPEC.md "Newsletter dialog"). Mounted once by the app; anything opens it
 * with `openNewsletterDialog()` from lib/newsletter-dialog-store.
 */
export function NewsletterDialog() {
  const open = useNewsletterDialogOpen();
  const [email, setEmail] = useState('');
  const [website, setWebsite] = useState('');
  const subscription = useSubscribeNewsletter();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (subscription.isPending) return;
    const value = email.trim();
    if (!isValidNewsletterEmail(value)) {
      toast({
        variant: 'destructive',
        title: 'Invalid email',
        description: 'Please enter a valid email address.',
      });
      return;
    }
    subscription.mutate(website ? { email: value, website } : { email: value }, {
      onSuccess: () => {
        toast({
          title: 'Jesus News - Subscription Successful!',
          description: "You've been subscribed to get the latest on walks and merch.",
        });
        setEmail('');
        setWebsite('');
        closeNewsletterDialog();
      },
      onError: (error) => {
        toast({
          variant: 'destructive',
          title: 'Subscription Error',
          description: getServerMessage(error) ?? 'Your subscription could not be saved. Please try again.',
        });
      },
    });
  }

  return (
    <Dialog open={open} onOpenChange={setNewsletterDialogOpen}>
      <DialogContent>
        <span className="inline-flex size-12 items-center justify-center rounded-full bg-secondary text-accent">
          <MailIcon aria-hidden="true" className="size-6" />
        </span>
        <DialogHeader>
          <DialogTitle>Join Jesus Walks Community</DialogTitle>
          <DialogDescription>Subscribe to get the latest on walks and merch.</DialogDescription>
        </DialogHeader>
        {/* noValidate: the spec's own check and toast decide, not the browser's bubble. */}
        <form noValidate onSubmit={handleSubmit} className="grid gap-3">
          <Label htmlFor="newsletter-email" className="sr-only">
            Email address
          </Label>
          <Input
            id="newsletter-email"
            name="email"
            type="email"
            required
            autoComplete="email"
            inputMode="email"
            placeholder="Enter your email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
          {/* Honeypot: hidden from people and assistive technology; a bot that fills it is ignored. */}
          <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
            <label htmlFor="newsletter-website">Website</label>
            <input
              id="newsletter-website"
              name="website"
              type="text"
              tabIndex={-1}
              autoComplete="off"
              value={website}
              onChange={(event) => setWebsite(event.target.value)}
            />
          </div>
          <Button type="submit" size="lg" disabled={subscription.isPending}>
            {subscription.isPending ? 'Subscribing...' : 'Subscribe'}
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}
