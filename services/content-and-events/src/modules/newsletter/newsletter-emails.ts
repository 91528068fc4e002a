import type { MailMessage } from '@jesus-walks/service-kit/mailer';
import { simpleHtml } from '../mail/notifier';

/**
 * The welcome e-mail: asks to confirm (double opt-in) and carries the unsubscribe link, plus the
 * List-Unsubscribe headers that let mail clients offer a one-click unsubscribe (RFC 2369, RFC 8058).
 */
export function welcomeEmail(options: {
  to: string;
  confirmUrl: string;
  unsubscribeUrl: string;
  oneClickUnsubscribeUrl: string;
}): MailMessage {
  const paragraphs = [
    'Thank you for joining the Jesus Walks community!',
    'Please confirm your address to start receiving Jesus News: new walks, stories from the trail and fresh merch. It takes one click.',
  ];
  const closing = "If you did not ask for this, simply ignore this e-mail and you won't hear from us again.";
  return {
    to: options.to,
    subject: 'Welcome to Jesus News: please confirm your subscription',
    text: [
      ...paragraphs,
      `Confirm your subscription: ${options.confirmUrl}`,
      closing,
      `Unsubscribe: ${options.unsubscribeUrl}`,
      'Jesus Walks · Napa, CA',
    ].join('\n\n'),
    html: simpleHtml({
      paragraphs: [...paragraphs],
      action: { label: 'Confirm my subscription', url: options.confirmUrl },
      footer: `${closing.replace("won't", 'won&#39;t')}<br><a href="${options.unsubscribeUrl.replaceAll('"', '&quot;')}" style="color:#575f54">Unsubscribe</a> · Jesus Walks · Napa, CA`,
    }),
    headers: {
      'List-Unsubscribe': `<${options.oneClickUnsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
