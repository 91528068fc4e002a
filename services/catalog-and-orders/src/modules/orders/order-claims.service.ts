import type { Identity } from '@jesus-walks/contracts/common';
import {
  CLAIM_LINK_DAYS,
  type ClaimableOrders,
  type ClaimLinkSent,
  INVALID_CLAIM_LINK_MESSAGE,
  type OrdersClaimed,
  orderAuditLabel,
} from '@jesus-walks/contracts/orders';
import { type AdminUser, userRoutes } from '@jesus-walks/contracts/users';
import { recordAudit } from '@jesus-walks/service-kit/audit';
import { badRequest, upstreamUnavailable } from '@jesus-walks/service-kit/errors';
import { takeRateLimit } from '@jesus-walks/service-kit/rate-limits';
import type { LinkPurpose } from '@jesus-walks/service-kit/signed-links';
import type { CatalogDeps } from '../../deps';
import { orderClaimEmail } from './order-emails';
import { claimGuestOrders, countGuestOrders, listGuestOrders } from './orders.repository';

/*
 * A member claims the orders they placed as a guest: those with no account whose e-mail is the
 * member's account address (any case). Seeing how many there are is free; moving them takes a link
 * e-mailed to that address (following it proves the member reads it), valid CLAIM_LINK_DAYS, for
 * that member and that address only.
 */

const CLAIM_LINK_MAX_AGE_MS = CLAIM_LINK_DAYS * 24 * 60 * 60 * 1000;

/** The one rate-limited action of this service: asking for a claim link (an e-mail), per member. */
const CLAIM_LINK_BUCKET = 'order-claim-link';

export const CLAIM_LINK_SENT_MESSAGE = `If orders were placed as a guest with your account's e-mail address, a link to add them to your account is on its way there. It is valid for ${CLAIM_LINK_DAYS} days.`;

export const TOO_MANY_CLAIM_LINKS_MESSAGE =
  'You have asked for this link too many times in the last hour. Please look for the e-mail we sent (check your spam folder too), or try again in an hour.';

/**
 * What a claim link is signed for: the purpose with the address it was sent to. The token carries
 * the member's id and its MAC binds the address, so the link stops working once the account's
 * address changes, and no address is written in the link or kept here.
 */
function claimPurpose(email: string): LinkPurpose {
  return `order-claim:${email.toLowerCase()}`;
}

/** The caller's account as identity has it now (their address may have changed since the session began). */
async function accountOf(
  deps: Pick<CatalogDeps, 'identity'>,
  input: { caller: Identity; requestId: string },
): Promise<AdminUser> {
  if (!deps.identity) throw upstreamUnavailable('identity is not configured (IDENTITY_URL)');
  return deps.identity.call(userRoutes.internalGet, {
    params: { id: input.caller.id },
    requestId: input.requestId,
  });
}

/** The link of the e-mail: the site's page that sends its token to POST /api/account/orders/claim. */
export function claimOrdersUrl(
  deps: Pick<CatalogDeps, 'links' | 'publicOrigin'>,
  account: { id: number; email: string },
): string {
  const url = new URL('/account/claim-orders', deps.publicOrigin);
  url.searchParams.set('token', deps.links.sign(claimPurpose(account.email), account.id));
  return url.toString();
}

/** GET /api/account/orders/claimable: how many guest orders carry the caller's account address. */
export async function countClaimableOrders(
  deps: Pick<CatalogDeps, 'db' | 'identity'>,
  input: { caller: Identity; requestId: string },
): Promise<ClaimableOrders> {
  const account = await accountOf(deps, input);
  return { count: await countGuestOrders(deps.db, account.email) };
}

/**
 * POST /api/account/orders/claim-link: counted against the member's hourly allowance (429 beyond),
 * then, in the same transaction, the e-mail listing their guest orders is queued to their account
 * address, when there is at least one. The answer is the same either way.
 */
export async function sendClaimLink(
  deps: Pick<
    CatalogDeps,
    'db' | 'identity' | 'mailer' | 'links' | 'publicOrigin' | 'claimLinksPerMemberPerHour'
  >,
  input: { caller: Identity; requestId: string },
): Promise<ClaimLinkSent> {
  const account = await accountOf(deps, input);
  const limited = { bucket: CLAIM_LINK_BUCKET, key: `user:${account.id}` };
  await deps.db.transaction().execute(async (trx) => {
    await takeRateLimit(trx, {
      lock: [limited],
      rules: [
        {
          ...limited,
          max: deps.claimLinksPerMemberPerHour,
          windowMinutes: 60,
          message: TOO_MANY_CLAIM_LINKS_MESSAGE,
        },
      ],
      record: [limited],
    });
    const orders = await listGuestOrders(trx, account.email);
    if (orders.length === 0) return;
    await deps.mailer.enqueue(
      trx,
      orderClaimEmail({
        to: account.email,
        name: account.username,
        orders,
        claimUrl: claimOrdersUrl(deps, account),
        validDays: CLAIM_LINK_DAYS,
      }),
    );
  });
  return { message: CLAIM_LINK_SENT_MESSAGE };
}

function claimedMessage(claimed: number): string {
  if (claimed === 0) {
    return 'There were no orders left to add: the orders placed with your e-mail address are already in your account.';
  }
  return claimed === 1 ? 'We added 1 order to your account.' : `We added ${claimed} orders to your account.`;
}

/**
 * POST /api/account/orders/claim: with a link the caller was sent, for the address their account
 * still has and within CLAIM_LINK_DAYS (400 otherwise), every guest order of that address becomes
 * theirs in one statement, each recorded in the activity record in the same transaction. Claiming
 * again moves nothing and says so; simultaneous claims move each order once.
 */
export async function claimOrders(
  deps: Pick<CatalogDeps, 'db' | 'identity' | 'links'>,
  input: { caller: Identity; token: string; requestId: string },
): Promise<OrdersClaimed> {
  const { caller } = input;
  const account = await accountOf(deps, input);
  const signedFor = deps.links.verify(claimPurpose(account.email), input.token, {
    maxAgeMs: CLAIM_LINK_MAX_AGE_MS,
  });
  if (signedFor !== caller.id) throw badRequest(INVALID_CLAIM_LINK_MESSAGE);
  const claimed = await deps.db.transaction().execute(async (trx) => {
    const moved = await claimGuestOrders(trx, { email: account.email, userId: caller.id });
    for (const order of moved) {
      await recordAudit(trx, {
        actor: { id: caller.id, username: caller.username },
        action: 'order.claimed',
        target: { type: 'order', id: order.id, label: orderAuditLabel(order.id, order.testMode) },
        summary: `Claimed guest order #${order.id} into ${caller.username}'s account (placed with the account's e-mail address)`,
        changes: { userId: { from: null, to: caller.id } },
      });
    }
    return moved.length;
  });
  return { claimed, message: claimedMessage(claimed) };
}
