import type { Transaction } from 'kysely';
import type { IdentityDatabase } from '../../db/database';
import type { IdentityDeps } from '../../deps';
import {
  changedMail,
  changeRequestedMail,
  newAddressMail,
  siteOrigin,
  verificationMail,
} from './email-confirmation-mails';
import {
  deleteEmailConfirmationsOf,
  deleteEmailConfirmationsOlderThan,
  deleteEmailConfirmationsOtherThan,
  findEmailConfirmation,
  insertEmailConfirmation,
} from './email-confirmations.repository';

/**
 * E-mail links that confirm an address (issue 23): one to the account's own address verifies it;
 * one to a new address the member asked for makes it the account's. Each link signs (purpose
 * 'email-confirm') the id of a row that names the account and the address, and works for 24
 * hours. Whether a link still confirms anything is decided when it is followed
 * (account.service confirmEmail): its address must then be the account's, or its pending one.
 */
export const EMAIL_LINK_LIFETIME_HOURS = 24;

export type EmailLinkDeps = Pick<IdentityDeps, 'mailer' | 'links' | 'publicOrigin'>;
type Trx = Transaction<IdentityDatabase>;

interface Account {
  id: number;
  username: string;
  email: string;
}

/** Stores the link's row in `trx` and answers the link to the confirmation page. */
async function confirmationLink(deps: EmailLinkDeps, trx: Trx, userId: number, email: string) {
  const id = await insertEmailConfirmation(trx, userId, email);
  const token = deps.links.sign('email-confirm', id);
  return `${siteOrigin(deps.publicOrigin)}/account/confirm-email?token=${encodeURIComponent(token)}`;
}

/**
 * Queues, in the caller's transaction, the link that verifies the account's own address: at
 * registration (`welcome`) or when the member asks for it. Earlier such links keep working: they
 * confirm the same address.
 */
export async function queueVerificationMail(
  deps: EmailLinkDeps,
  trx: Trx,
  input: { account: Account; welcome: boolean },
): Promise<void> {
  const { account } = input;
  const link = await confirmationLink(deps, trx, account.id, account.email);
  await deps.mailer.enqueue(
    trx,
    verificationMail({
      to: account.email,
      username: account.username,
      link,
      origin: siteOrigin(deps.publicOrigin),
      welcome: input.welcome,
    }),
  );
}

/**
 * Queues, in the caller's transaction, the two e-mails of a change of address: the link to the new
 * address, and a notice to the current one (what to do if it was not them). Links sent earlier to
 * new addresses stop working: only the newest request can be confirmed.
 */
export async function queueEmailChangeMails(
  deps: EmailLinkDeps,
  trx: Trx,
  input: { account: Account; newEmail: string },
): Promise<void> {
  const { account, newEmail } = input;
  await deleteEmailConfirmationsOtherThan(trx, account.id, account.email);
  const link = await confirmationLink(deps, trx, account.id, newEmail);
  await deps.mailer.enqueue(
    trx,
    newAddressMail({ to: newEmail, username: account.username, currentEmail: account.email, link }),
  );
  await deps.mailer.enqueue(
    trx,
    changeRequestedMail({
      to: account.email,
      username: account.username,
      newEmail,
      origin: siteOrigin(deps.publicOrigin),
    }),
  );
}

/** Queues, in the caller's transaction, the notice to the old address that the change took effect. */
export async function queueEmailChangedMail(
  deps: EmailLinkDeps,
  trx: Trx,
  input: { username: string; oldEmail: string; newEmail: string },
): Promise<void> {
  await deps.mailer.enqueue(
    trx,
    changedMail({ to: input.oldEmail, username: input.username, newEmail: input.newEmail }),
  );
}

/**
 * The account and address a link's token names, when the token is ours, for this purpose and
 * younger than the links' lifetime; undefined otherwise.
 */
export async function emailConfirmationOf(
  deps: Pick<IdentityDeps, 'db' | 'links'>,
  token: string,
): Promise<{ userId: number; email: string } | undefined> {
  const id = deps.links.verify('email-confirm', token, {
    maxAgeMs: EMAIL_LINK_LIFETIME_HOURS * 3_600_000,
  });
  if (id === null) return undefined;
  return findEmailConfirmation(deps.db, id, EMAIL_LINK_LIFETIME_HOURS);
}

/**
 * Stops the links sent to new addresses the account asked for (a password reset or change cancels
 * a pending change of address). `db` may be a transaction.
 */
export async function forgetEmailChangeLinks(
  deps: Pick<IdentityDeps, 'db'>,
  input: { userId: number; currentEmail: string },
): Promise<void> {
  await deleteEmailConfirmationsOtherThan(deps.db, input.userId, input.currentEmail);
}

/** The scheduled clean-up: deletes the rows of links past their lifetime; answers how many. */
export async function removeExpiredEmailConfirmations(deps: Pick<IdentityDeps, 'db'>): Promise<number> {
  return deleteEmailConfirmationsOlderThan(deps.db, EMAIL_LINK_LIFETIME_HOURS);
}

/** Forgets every link of a deleted account (with the addresses they name). `db` may be a transaction. */
export async function forgetEmailLinksOf(deps: Pick<IdentityDeps, 'db'>, userId: number): Promise<void> {
  await deleteEmailConfirmationsOf(deps.db, userId);
}
