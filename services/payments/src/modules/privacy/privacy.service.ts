import type { MemberDataPart, MemberErasure, MemberRef } from '@jesus-walks/contracts/privacy';
import { schemaNameOf } from '@jesus-walks/contracts/services';
import { purgeJobsMentioning, scrubAuditLog } from '@jesus-walks/service-kit/member-erasure';
import type { PaymentsDeps } from '../../deps';
import {
  anonymisePayments,
  deleteRateLimitHitsOf,
  forgetWebhookPayloads,
  listMemberPayments,
  type MemberPaymentRow,
  scrubReasons,
} from './privacy.repository';

/*
 * A member's data in payments (issue 23): their payments (as a member, and as a guest with one of
 * their addresses). The export says what was paid, how, when and what became of it; never card
 * data (payments never holds any), a payment's secret, the processor's reference or its raw
 * notifications. Identity gathers the export and asks for the erasure (contracts/privacy.ts).
 */

const SERVICE = 'payments';
type PrivacyDeps = Pick<PaymentsDeps, 'db'>;

const isoOrNull = (date: Date | null) => (date ? date.toISOString() : null);

function paidFor(row: MemberPaymentRow): string | null {
  if (row.orderId !== null) return `Order #${row.orderId}`;
  if (row.registrationId !== null) return `Walk registration #${row.registrationId}`;
  return null;
}

/** POST /internal/privacy/payments/export */
export async function exportMemberData(deps: PrivacyDeps, member: MemberRef): Promise<MemberDataPart> {
  const payments = await listMemberPayments(deps.db, member);
  return {
    service: SERVICE,
    sections: {
      payments: payments.map((row) => ({
        id: row.id,
        paidFor: paidFor(row),
        method: row.paymentMethod,
        amount: row.amount,
        currency: row.currency.toUpperCase(),
        status: row.status,
        failureReason: row.failureReason,
        refundStatus: row.refundStatus,
        refundReason: row.refundReason,
        refundedAt: isoOrNull(row.refundedAt),
        name: row.customerName,
        email: row.customerEmail,
        phone: row.customerPhone,
        shippingAddress: row.shippingAddress,
        createdAt: row.createdAt.toISOString(),
        lastChangedAt: row.updatedAt.toISOString(),
      })),
    },
  };
}

/** The names and phone numbers a payment gives for its payer (to erase from the activity record). */
function namesOf(payments: readonly MemberPaymentRow[]): string[] {
  return payments.flatMap((row) => {
    const address = row.shippingAddress ?? {};
    return [row.customerName, row.customerPhone, address.fullName, address.name, address.phone].filter(
      (value): value is string => typeof value === 'string' && value.trim() !== '',
    );
  });
}

/**
 * POST /internal/privacy/payments/erase: in one transaction, the payments keep their ids, amounts,
 * method, statuses, dates and refund state (bookkeeping, and a refund asked later) without the
 * payer's name, e-mail, phone and address; handled notifications lose their payload; the counts of
 * declined attempts go; the activity record's entries stay without the member; e-mails not yet
 * sent to their addresses are dropped. No refund is made here. Erasing again answers zeros.
 */
export async function eraseMemberData(deps: PrivacyDeps, member: MemberRef): Promise<MemberErasure> {
  return deps.db.transaction().execute(async (trx) => {
    const payments = await listMemberPayments(trx, member);
    const ids = payments.map((row) => row.id);
    const names = namesOf(payments);
    const auditEntries = await scrubAuditLog(trx, {
      userId: member.userId,
      emails: member.emails,
      usernames: member.usernames,
      targets: [{ type: 'payment', ids }],
      names,
    });
    const reasons = await scrubReasons(trx, ids, [...member.emails, ...names]);
    return {
      service: SERVICE,
      erased: {
        payments: await anonymisePayments(trx, ids),
        reasons,
        webhookPayloads: await forgetWebhookPayloads(trx, {
          references: payments.map((row) => row.providerReference),
          emails: member.emails,
        }),
        rateLimitHits: await deleteRateLimitHitsOf(trx, member.userId),
        auditEntries,
        jobs: await purgeJobsMentioning(trx, schemaNameOf(SERVICE), member.emails),
      },
    };
  });
}
