import { zodResolver } from '@hookform/resolvers/zod';
import { CONTACT_HONEYPOT_FIELD, MAX_CONTACT_MESSAGE_LENGTH } from '@jesus-walks/contracts/contact';
import { CircleAlertIcon, CircleCheckIcon, SendIcon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { ApiError } from '@/lib/api-client';
import { useCurrentUser } from '@/lib/current-user';
import { failureMessage, serverFieldErrors } from '@/lib/server-errors';
import { prefillOf, useAccountForContact } from '../api/get-account';
import { useContactFormToken } from '../api/get-contact-form-token';
import {
  CONTACT_FAILURE_FALLBACK,
  type ContactFormInput,
  type ContactFormValues,
  contactFields,
  contactFormSchema,
  toContactBody,
  useSendContactMessage,
} from '../api/send-contact-message';

const emptyForm: ContactFormInput = { name: '', email: '', subject: '', message: '', website: '' };

/** Waits until the form has been shown long enough for the server to take it as a person's. */
function untilReady(shownAt: number, minSeconds: number): Promise<void> {
  const wait = shownAt + minSeconds * 1000 - Date.now();
  return wait > 0 ? new Promise((resolve) => setTimeout(resolve, wait)) : Promise.resolve();
}

/**
 * The contact form: name, e-mail, subject and message, filled in with a logged-in member's name
 * and e-mail once the page runs. Sends the form's signed time (the server's guard against bots)
 * and a honeypot people never see. Once sent, the form gives way to the server's thanks.
 */
export function ContactForm() {
  const token = useContactFormToken();
  const user = useCurrentUser();
  const account = useAccountForContact(Boolean(user.data));
  const sending = useSendContactMessage();
  const [failure, setFailure] = useState<string | null>(null);
  const [waiting, setWaiting] = useState(false);
  const thanksRef = useRef<HTMLDivElement>(null);
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    setValue,
    getValues,
    reset,
    watch,
    formState: { errors },
  } = useForm<ContactFormInput, unknown, ContactFormValues>({
    resolver: zodResolver(contactFormSchema),
    defaultValues: emptyForm,
  });

  // A member's details, once known, in the fields they have not filled in themselves.
  useEffect(() => {
    if (!account.data) return;
    const prefill = prefillOf(account.data);
    for (const field of ['name', 'email'] as const) {
      if (getValues(field) === '') setValue(field, prefill[field]);
    }
  }, [account.data, getValues, setValue]);

  useEffect(() => {
    if (sending.isSuccess) thanksRef.current?.focus();
  }, [sending.isSuccess]);

  const messageLength = watch('message')?.length ?? 0;
  const busy = sending.isPending || waiting;

  const onSubmit = handleSubmit(async (values) => {
    if (busy) return;
    setFailure(null);
    const form = token.data ?? (await token.refetch()).data;
    if (!form) {
      setFailure('The form could not be prepared. Please check your connection and try again.');
      return;
    }
    setWaiting(true);
    await untilReady(token.dataUpdatedAt || Date.now(), form.minSeconds);
    setWaiting(false);
    sending.mutate(toContactBody(values, form.token), {
      onSuccess: () => {
        reset(account.data ? { ...emptyForm, ...prefillOf(account.data) } : emptyForm);
        void token.refetch();
      },
      onError: (error) => {
        const fieldErrors = serverFieldErrors(error, contactFields);
        const first = contactFields.find((name) => fieldErrors[name]);
        for (const name of contactFields) {
          const message = fieldErrors[name];
          if (message) setError(name, { type: 'server', message });
        }
        if (first) setFocus(first);
        // A form open too long (422) is sent again with a new signed time.
        if (error instanceof ApiError && error.status === 422) void token.refetch();
        setFailure(failureMessage(error, CONTACT_FAILURE_FALLBACK));
      },
    });
  });

  if (sending.isSuccess) {
    return (
      <div
        ref={thanksRef}
        tabIndex={-1}
        role="status"
        className="grid scroll-mt-28 justify-items-center gap-4 py-6 text-center outline-none"
      >
        <span className="inline-flex size-14 items-center justify-center rounded-full bg-success-surface text-success">
          <CircleCheckIcon aria-hidden="true" className="size-7" />
        </span>
        <h2 className="font-serif text-2xl font-semibold">Message sent</h2>
        <p className="max-w-md leading-relaxed text-muted-foreground">{sending.data.message}</p>
        <div className="flex flex-wrap justify-center gap-3">
          <Button asChild>
            <Link to="/events">See our upcoming walks</Link>
          </Button>
          <Button variant="outline" onClick={() => sending.reset()}>
            Send another message
          </Button>
        </div>
      </div>
    );
  }

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-3" aria-label="Contact us">
      <div className="grid gap-x-4 sm:grid-cols-2">
        <FormField
          id="contact-name"
          label="Your name"
          autoComplete="name"
          error={errors.name?.message}
          {...register('name')}
        />
        <FormField
          id="contact-email"
          label="Email"
          type="email"
          inputMode="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          error={errors.email?.message}
          {...register('email')}
        />
      </div>
      <FormField
        id="contact-subject"
        label="Subject"
        error={errors.subject?.message}
        {...register('subject')}
      />
      <div className="grid gap-2">
        <div className="flex items-baseline justify-between gap-3">
          <Label htmlFor="contact-message">Message</Label>
          <span className="text-xs text-muted-foreground" aria-live="polite">
            {messageLength > MAX_CONTACT_MESSAGE_LENGTH - 500
              ? `${messageLength} / ${MAX_CONTACT_MESSAGE_LENGTH}`
              : null}
          </span>
        </div>
        <Textarea
          id="contact-message"
          rows={7}
          aria-invalid={errors.message ? true : undefined}
          aria-describedby={errors.message ? 'contact-message-error' : undefined}
          {...register('message')}
        />
        <p id="contact-message-error" className="-mt-1 min-h-5 text-sm leading-5 text-destructive">
          {errors.message?.message}
        </p>
      </div>
      {/* Honeypot: hidden from people and assistive technology; a message that fills it is ignored. */}
      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label htmlFor="contact-website">Website</label>
        <input
          id="contact-website"
          type="text"
          tabIndex={-1}
          autoComplete="off"
          {...register(CONTACT_HONEYPOT_FIELD)}
        />
      </div>
      {/* Beside the button, where the person who pressed it is looking (the form is long on a phone). */}
      {failure ? (
        <Alert variant="destructive">
          <CircleAlertIcon aria-hidden="true" />
          <AlertTitle>Your message was not sent</AlertTitle>
          <AlertDescription>{failure}</AlertDescription>
        </Alert>
      ) : null}
      <Button type="submit" size="lg" className="w-full sm:w-auto sm:justify-self-start" disabled={busy}>
        <SendIcon aria-hidden="true" />
        {busy ? 'Sending...' : 'Send message'}
      </Button>
    </form>
  );
}
