/**
 * Helpers of this service's e-mails. Sending is the shared mailer's job (service-kit mailer.ts):
 * ContentDeps.notifier queues each e-mail in the transaction of the write that causes it.
 */

/** Escapes text for the HTML part of an e-mail. */
export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** A plain, readable HTML e-mail: paragraphs of text and at most one call-to-action button. */
export function simpleHtml(options: {
  paragraphs: string[];
  action?: { label: string; url: string };
  /** A walk ticket (decision 040): its QR code inline (an attachment with this content id) and its link. */
  ticket?: { url: string; cid: string };
  footer?: string;
}): string {
  const paragraphs = options.paragraphs
    .map(
      (text) => `<p style="margin:0 0 14px;line-height:1.5">${escapeHtml(text).replaceAll('\n', '<br>')}</p>`,
    )
    .join('');
  const action = options.action
    ? `<p style="margin:22px 0"><a href="${escapeHtml(options.action.url)}" style="background:#2f5d3a;color:#fffdf8;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:600">${escapeHtml(options.action.label)}</a></p>`
    : '';
  const ticket = options.ticket
    ? `<div style="margin:22px 0;padding:16px;border:1px solid #d8d2c4;border-radius:8px;background:#fffdf8;text-align:center"><p style="margin:0 0 10px;font-weight:600">Your ticket: show this at check-in</p><img src="cid:${escapeHtml(options.ticket.cid)}" width="200" height="200" alt="Ticket QR code" style="display:block;margin:0 auto"><p style="margin:10px 0 0"><a href="${escapeHtml(options.ticket.url)}" style="color:#2f5d3a">Open your ticket</a></p></div>`
    : '';
  const footer = options.footer
    ? `<p style="margin:28px 0 0;color:#575f54;font-size:13px;line-height:1.5">${options.footer}</p>`
    : '';
  return `<!doctype html><html><body style="margin:0;background:#fbf7ef"><div style="max-width:560px;margin:0 auto;padding:28px 20px;font-family:system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;color:#1f2a22"><p style="margin:0 0 18px;font-family:Georgia,serif;font-size:22px;color:#2f5d3a">Jesus Walks</p>${paragraphs}${action}${ticket}${footer}</div></body></html>`;
}
