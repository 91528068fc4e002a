import type { MailMessage } from '@jesus-walks/service-kit/mailer';

/** To the member: the download they asked for is ready on their account page. */
export function dataReadyMail(input: {
  to: string;
  username: string;
  link: string;
  lifetimeDays: number;
}): MailMessage {
  return {
    to: input.to,
    subject: 'Your Jesus Walks data is ready',
    text: [
      `Hello ${input.username},`,
      '',
      'The copy of your data you asked for is ready. You can download it from your account page',
      `for the next ${input.lifetimeDays} days:`,
      '',
      input.link,
      '',
      'You will need to be logged in. If you did not ask for this, please change your password.',
      '',
      'Blessings on the trail,',
      'Jesus Walks',
    ].join('\n'),
  };
}
