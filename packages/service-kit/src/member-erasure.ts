import { sql, type Transaction } from 'kysely';
import { MAIL_QUEUE } from './mailer';

/*
 * What every service does to the records it shares with the kit when a member's account is
 * deleted (issue 23): the activity record (`audit_log`) keeps its entries without what they say of
 * the member, and the job queue forgets the jobs that carry the member's addresses. A service's
 * own tables are its own privacy module's (modules/privacy in each service).
 */

// biome-ignore lint/suspicious/noExplicitAny: schema-agnostic, every service's schema has the kit's audit_log and job tables
type AnyTransaction = Transaction<any>;

/** The member's addresses as compared: lower case (addresses are matched whatever their case). */
export const loweredEmails = (emails: readonly string[]) => [...new Set(emails.map((e) => e.toLowerCase()))];

/** The texts erased from an entry: replaced where they appear (whatever their case). */
export const ERASED = '[erased]';

export function replaceAll(text: string, needles: readonly string[]): string {
  let result = text;
  for (const needle of needles) {
    if (needle.trim().length < 2) continue;
    result = result.replace(new RegExp(needle.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'gi'), ERASED);
  }
  return result;
}

/** An ILIKE pattern that matches text containing `text` (its wildcards taken literally). */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Usernames of this member in an entry's changes: `{ from, to }` values of `{ id, username }`. */
function usernamesIn(changes: unknown, userId: number): string[] {
  if (typeof changes !== 'object' || changes === null) return [];
  return Object.values(changes).flatMap((change: unknown) => {
    if (typeof change !== 'object' || change === null) return [];
    return Object.values(change).flatMap((side: unknown) => {
      const who = side as { id?: unknown; username?: unknown } | null;
      return who && who.id === userId && typeof who.username === 'string' ? [who.username] : [];
    });
  });
}

/**
 * The activity record is the group's, so its entries stay; what they say of the member does not.
 * Entries about the member's rows (`targets`) lose the member's names, addresses and phone numbers
 * from their label, summary and changes; any entry that shows one of their addresses loses it; the
 * member's own actions keep their id but not their username. Answers how many entries changed.
 */
export async function scrubAuditLog(
  trx: AnyTransaction,
  input: {
    userId: number;
    emails: readonly string[];
    targets: ReadonlyArray<{ type: string; ids: readonly (string | number)[] }>;
    /** Names and phone numbers of the member found in this schema's rows. */
    names: readonly string[];
    /** The usernames identity knows the account had (MemberRef.usernames). */
    usernames?: readonly string[];
  },
): Promise<number> {
  const patterns = input.emails.map(containsPattern);
  const rows = await trx
    .selectFrom('auditLog')
    .select(['id', 'actorId', 'actorUsername', 'targetType', 'targetId', 'targetLabel', 'summary', 'changes'])
    .where((eb) =>
      eb.or([
        eb('actorId', '=', input.userId),
        eb(
          sql<string>`coalesce(target_label, '') || ' ' || summary || ' ' || coalesce(changes::text, '')`,
          'ilike',
          sql<string>`any(${patterns}::text[])`,
        ),
        ...input.targets
          .filter((target) => target.ids.length > 0)
          .map((target) =>
            eb.and([eb('targetType', '=', target.type), eb('targetId', 'in', target.ids.map(String))]),
          ),
      ]),
    )
    .execute();
  // The member's username, as their own entries show it, and as a change names them ({ id, username }).
  const usernames = [
    ...(input.usernames ?? []),
    ...rows.flatMap((row) => [
      ...(row.actorId === input.userId && row.actorUsername ? [row.actorUsername] : []),
      ...usernamesIn(row.changes, input.userId),
    ]),
  ];
  const needles = [...input.emails, ...input.names, ...usernames].sort((a, b) => b.length - a.length);
  let changed = 0;
  for (const row of rows) {
    const ofTarget = input.targets.some(
      (target) => target.type === row.targetType && target.ids.map(String).includes(row.targetId),
    );
    const own = ofTarget || row.actorId === input.userId ? needles : input.emails;
    const label = row.targetLabel === null ? null : replaceAll(row.targetLabel, own);
    const summary = replaceAll(row.summary, own);
    const changesText =
      row.changes === null
        ? null
        : replaceAll(
            JSON.stringify(row.changes),
            own.map((n) => JSON.stringify(n).slice(1, -1)),
          );
    const actorUsername = row.actorId === input.userId ? null : row.actorUsername;
    if (
      label === row.targetLabel &&
      summary === row.summary &&
      changesText === (row.changes === null ? null : JSON.stringify(row.changes)) &&
      actorUsername === row.actorUsername
    )
      continue;
    await trx
      .updateTable('auditLog')
      .set({ targetLabel: label, summary, changes: changesText, actorUsername })
      .where('id', '=', row.id)
      .execute();
    changed += 1;
  }
  return changed;
}

/**
 * pg-boss keeps jobs in this schema (`job`, and `archive` once done) with their data: an e-mail
 * waiting to go to one of the member's addresses is dropped (never sent), and a finished job that
 * mentions one is forgotten (its e-mail's text held the member's name and address). Answers how
 * many jobs went.
 */
export async function purgeJobsMentioning(
  trx: AnyTransaction,
  schema: string,
  emails: readonly string[],
): Promise<number> {
  const plain = trx.withoutPlugins();
  const patterns = emails.map(containsPattern);
  let purged = 0;
  for (const table of ['job', 'archive']) {
    const { rows } = await sql<{
      found: string | null;
    }>`select to_regclass(${`${schema}.${table}`})::text as found`.execute(plain);
    if (!rows[0]?.found) continue;
    const result = await sql`
      delete from ${sql.table(`${schema}.${table}`)}
        where (name = ${MAIL_QUEUE} or state in ('completed', 'cancelled', 'failed'))
          and (data::text ilike any(${patterns}::text[]) or coalesce(output::text, '') ilike any(${patterns}::text[]))`.execute(
      plain,
    );
    purged += Number(result.numAffectedRows ?? 0);
  }
  return purged;
}
