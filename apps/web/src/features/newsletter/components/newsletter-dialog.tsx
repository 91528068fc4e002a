import { zodResolver } from '@hookform/resolvers/zod';
import { MailIcon } from 'lucide-react';
import { useForm } from 'react-hook-form';
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
import {
  INVALID_NEWSLETTER_EMAIL,
  type NewsletterFormInput,
  type NewsletterFormValues,
  newsletterFormSchema,
  SUBSCRIBED_TOAST_DESCRIPTION,
  toSubscribeBody,
  useSubscribeNewsletter,
} from '../api/subscribe-newsletter';

/**
 * The newsletter sign-up (SPEC.md "Newsletter dialog"). Mounted once by the app; anything opens it
 * with `openNewsletterDialog()` from lib/newsletter-dialog-store. An invalid e-mail is told in a
 * toast, as the spec has it, rather than under the field.
 */
export function NewsletterDialog() {
  const open = useNewsletterDialogOpen();
  const subscription = useSubscribeNewsletter();
  const { register, handleSubmit, reset } = useForm<NewsletterFormInput, unknown, NewsletterFormValues>({
    resolver: zodResolver(newsletterFormSchema),
    defaultValues: { email: '', website: '' },
  });

  const onSubmit = handleSubmit(
    (values) => {
      if (subscription.isPending) return;
      subscription.mutate(toSubscribeBody(values), {
        onSuccess: () => {
          toast({
            title: 'Jesus News - Subscription Successful!',
            // SPEC.md's words, then what comes next: nothing is sent until the e-mail's link is followed.
            description: SUBSCRIBED_TOAST_DESCRIPTION,
          });
          reset();
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
    },
    () => {
      toast({ variant: 'destructive', title: 'Invalid email', description: INVALID_NEWSLETTER_EMAIL });
    },
  );

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
        <form noValidate onSubmit={onSubmit} className="grid gap-3">
          <Label htmlFor="newsletter-email" className="sr-only">
            Email address
          </Label>
          <Input
            id="newsletter-email"
            type="email"
            required
            autoComplete="email"
            inputMode="email"
            placeholder="Enter your email"
            {...register('email')}
          />
          {/* Honeypot: hidden from people and assistive technology; a bot that fills it is ignored. */}
          <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
            <label htmlFor="newsletter-website">Website</label>
            <input
              id="newsletter-website"
              type="text"
              tabIndex={-1}
              autoComplete="off"
              {...register('website')}
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
