import type { MailMessage } from '@jesus-walks/service-kit/mailer';
import { escapeHtml, simpleHtml } from '../mail/notifier';

/** A contact message as its e-mails describe it. */
export interface MessageForMail {
  id: number;
  name: string;
  email: string;
  subject: string;
  message: string;
  createdAt: Date;
}

const SIGNATURE = 'Jesus Walks · Napa, CA';

function quoted(text: string): string {
  return text
    .split('\n')
    .map((line) => `> ${line}`)
    .join('\n');
}

/**
 * To an admin: the message, with Reply-To the sender, so that answering it in a mail client
 * reaches them (the Messages tab keeps a record when answered from there).
 */
export function adminNoticeEmail(options: {
  to: string;
  message: MessageForMail;
  messagesUrl: string;
}): MailMessage {
  const { message } = options;
  const intro = `${message.name} (${message.email}) wrote through the contact form:`;
  const after = `Answer and mark it done from the Messages tab: ${options.messagesUrl}. Replying to this e-mail also reaches ${message.email}.`;
  return {
    to: options.to,
    subject: `Contact form: ${message.subject}`,
    text: [intro, `Subject: ${message.subject}`, message.message, after, SIGNATURE].join('\n\n'),
    html: simpleHtml({
      paragraphs: [intro, `Subject: ${message.subject}`, message.message],
      action: { label: 'Open the Messages tab', url: options.messagesUrl },
      footer: `Replying to this e-mail also reaches the sender. · ${SIGNATURE}`,
    }),
    // Validated as an address (no line breaks): safe as a header.
    headers: { 'Reply-To': message.email },
  };
}

/**
 * To the sender: their message has arrived. It repeats nothing they wrote (neither name, subject
 * nor text): anyone can give any address, and an acknowledgement must not carry a stranger's
 * words to it.
 */
export function acknowledgementEmail(options: { to: string; contactUrl: string }): MailMessage {
  const paragraphs = [
    'Hello,',
    'Thank you for writing to Jesus Walks. Your message has reached us; we usually answer within two days.',
    `If you did not write to us, simply ignore this e-mail. To write to us again: ${options.contactUrl}`,
  ];
  return {
    to: options.to,
    subject: 'We received your message',
    text: [...paragraphs, SIGNATURE].join('\n\n'),
    html: simpleHtml({ paragraphs, footer: SIGNATURE }),
  };
}

/** An admin's answer, from the group, with the message it answers quoted below. */
export function replyEmail(options: {
  message: MessageForMail;
  text: string;
  contactUrl: string;
}): MailMessage {
  const { message } = options;
  const greeting = `Hello ${message.name},`;
  const wrote = `On ${message.createdAt.toUTCString()} you wrote:`;
  const closing = `With blessings,\nThe Jesus Walks team`;
  return {
    to: message.email,
    subject: `Re: ${message.subject}`,
    text: [
      greeting,
      options.text,
      closing,
      `${wrote}\n${quoted(message.message)}`,
      `Write to us again: ${options.contactUrl}`,
      SIGNATURE,
    ].join('\n\n'),
    html: simpleHtml({
      paragraphs: [greeting, options.text, closing, wrote, message.message],
      footer: `Write to us again from ${escapeHtml(options.contactUrl)} · ${SIGNATURE}`,
    }),
  };
}
