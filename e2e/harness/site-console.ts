import { readFileSync } from 'node:fs';
import { expect, inject } from 'vitest';

/** Everything the shared site has printed so far (every spec's e-mails among it). */
export function siteConsole(): string {
  return readFileSync(inject('siteLogPath'), 'utf8');
}

/** The rule the site prints above and below each e-mail it could not send (service-kit mailer). */
const RULE = '-'.repeat(72);

/**
 * The e-mails printed so far, whole: each from its 'E-mail (not sent' line to the closing rule. One
 * still being written when the log is read is left out, so a link is never read cut short.
 */
export function printedMails(log: string = siteConsole()): string[] {
  const mails: string[] = [];
  let from = log.indexOf(`${RULE}\nE-mail (not sent`);
  while (from >= 0) {
    const body = from + RULE.length + 1;
    const end = log.indexOf(`\n${RULE}`, body);
    if (end < 0) break;
    mails.push(log.slice(body, end));
    from = log.indexOf(`${RULE}\nE-mail (not sent`, end + RULE.length + 1);
  }
  return mails;
}

/**
 * The link to `path` in the newest whole e-mail to `to` and whose subject begins with `subject`
 * (either may be left out), waiting for it as the site's mail job prints it.
 */
export async function mailedLink(
  mail: { to?: string; subject?: string; path: string },
  timeout = 20_000,
): Promise<URL> {
  let link: URL | undefined;
  const describe = `the e-mail${mail.subject ? ` '${mail.subject}'` : ''}${mail.to ? ` to ${mail.to}` : ''} with a link to ${mail.path}`;
  await expect
    .poll(
      () => {
        const match = printedMails()
          .filter(
            (text) =>
              (mail.to === undefined || text.includes(`\nTo:      ${mail.to}\n`)) &&
              (mail.subject === undefined || text.includes(`\nSubject: ${mail.subject}`)),
          )
          .map((text) =>
            text
              .split(/\s+/)
              .find((word) => URL.canParse(word) && new URL(word).pathname.startsWith(mail.path)),
          )
          .filter((word) => word !== undefined)
          .at(-1);
        link = match ? new URL(match) : undefined;
        return link !== undefined;
      },
      { message: describe, timeout },
    )
    .toBe(true);
  return link as URL;
}
