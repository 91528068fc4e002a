import type { MailMessage } from '@jesus-walks/service-kit/mailer';

/** The site's address without a trailing slash, for links in e-mails. */
export const siteOrigin = (publicOrigin: string) => publicOrigin.replace(/\/+$/, '');

const signature = ['Blessings on the trail,', 'Jesus Walks'];

/**
 * To the account's own address, to verify it: at registration (`welcome`) or when the member asks
 * from their account page.
 */
export function verificationMail(input: {
  to: string;
  username: string;
  link: string;
  origin: string;
  welcome: boolean;
}): MailMessage {
  return {
    to: input.to,
    subject: 'Please confirm your e-mail address',
    text: [
      `Hello ${input.username},`,
      '',
      ...(input.welcome ? ['Welcome to Jesus Walks! We are glad you are walking with us.', ''] : []),
      'Please confirm that this is your e-mail address by opening this link within the next 24 hours:',
      '',
      input.link,
      '',
      'If the link has expired, you can ask for a new one on your account page:',
      `${input.origin}/account`,
      '',
      'If you did not create an account with Jesus Walks, you can ignore this e-mail.',
      '',
      ...signature,
    ].join('\n'),
  };
}

/** To a new address a member asked for: the link that makes it the account's address. */
export function newAddressMail(input: {
  to: string;
  username: string;
  currentEmail: string;
  link: string;
}): MailMessage {
  return {
    to: input.to,
    subject: 'Confirm your new e-mail address for Jesus Walks',
    text: [
      `Hello ${input.username},`,
      '',
      'You asked for this to become the e-mail address of your Jesus Walks account.',
      'To confirm it, open this link within the next 24 hours:',
      '',
      input.link,
      '',
      `Until you do, we keep writing to your current address (${input.currentEmail}).`,
      'If you did not ask for this, you can ignore this e-mail: nothing changes.',
      '',
      ...signature,
    ].join('\n'),
  };
}

/** To the account's current address: a change to another one was asked for. */
export function changeRequestedMail(input: {
  to: string;
  username: string;
  newEmail: string;
  origin: string;
}): MailMessage {
  return {
    to: input.to,
    subject: 'A new e-mail address was asked for your Jesus Walks account',
    text: [
      `Hello ${input.username},`,
      '',
      `Someone (hopefully you) asked to change the e-mail address of your Jesus Walks account to`,
      `${input.newEmail}. The change takes effect only when the link we sent to that address is`,
      'opened; until then, nothing changes and we keep writing to this address.',
      '',
      'If it was you, there is nothing more to do here.',
      '',
      'If it was not you, someone else knows your password. Please choose a new one right away here:',
      '',
      `${input.origin}/forgot-password`,
      '',
      'A new password cancels the change and logs out every device that is logged in to your account.',
      '',
      ...signature,
    ].join('\n'),
  };
}

/** To the address an account had: the change to a new one has taken effect. */
export function changedMail(input: { to: string; username: string; newEmail: string }): MailMessage {
  return {
    to: input.to,
    subject: 'The e-mail address of your Jesus Walks account was changed',
    text: [
      `Hello ${input.username},`,
      '',
      `The e-mail address of your Jesus Walks account is now ${input.newEmail}. From now on we will`,
      'write to that address, and this one can no longer be used to log in or to reset your password.',
      '',
      'If you did not make this change, please reply to this e-mail right away, so that we can help',
      'you get your account back.',
      '',
      ...signature,
    ].join('\n'),
  };
}
