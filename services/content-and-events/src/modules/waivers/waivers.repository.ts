import { type Insertable, type Kysely, type Selectable, sql, type Transaction } from 'kysely';
import type {
  ContentAndEventsDatabase,
  RegistrationEmergencyDetailsTable,
  WaiverSignaturesTable,
  WaiverVersionsTable,
} from '../../db/database';

type Db = Kysely<ContentAndEventsDatabase> | Transaction<ContentAndEventsDatabase>;
type Trx = Transaction<ContentAndEventsDatabase>;

export type WaiverVersionRow = Selectable<WaiverVersionsTable>;
export type WaiverSignatureRow = Selectable<WaiverSignaturesTable>;
export type EmergencyDetailsRow = Selectable<RegistrationEmergencyDetailsTable>;

/** The latest published version; undefined before the first. */
export async function findCurrentWaiverVersion(db: Db): Promise<WaiverVersionRow | undefined> {
  return db.selectFrom('waiverVersions').selectAll().orderBy('version', 'desc').limit(1).executeTakeFirst();
}

/** Every version, newest first, with how many signatures name each. */
export async function listWaiverVersions(db: Db): Promise<Array<WaiverVersionRow & { signatures: number }>> {
  return db
    .selectFrom('waiverVersions')
    .selectAll('waiverVersions')
    .select((eb) =>
      eb
        .selectFrom('waiverSignatures')
        .select(sql<number>`count(*)::int`.as('count'))
        .whereRef('waiverSignatures.waiverVersionId', '=', 'waiverVersions.id')
        .as('signatures'),
    )
    .orderBy('version', 'desc')
    .execute() as Promise<Array<WaiverVersionRow & { signatures: number }>>;
}

/** One publication at a time: two admins publishing at once get versions n+1 and n+2, in turn. */
export async function lockWaiverPublication(trx: Trx): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtextextended('content-and-events/waiver-versions', 0))`.execute(
    trx,
  );
}

export async function insertWaiverVersion(
  trx: Trx,
  values: { text: string; createdById: number | null; createdByUsername: string | null },
): Promise<WaiverVersionRow> {
  return trx
    .insertInto('waiverVersions')
    .values({
      ...values,
      version: sql<number>`(select coalesce(max(version), 0) + 1 from waiver_versions)`,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The demo seed's first version, when none is published yet; answers whether it was inserted. */
export async function insertFirstWaiverVersion(db: Db, text: string): Promise<boolean> {
  const { rows } = await sql<{ id: number }>`
    insert into waiver_versions (version, text)
      select 1, ${text} where not exists (select 1 from waiver_versions)
      on conflict (version) do nothing
      returning id`.execute(db);
  return rows.length > 0;
}

export async function insertWaiverSignature(
  trx: Trx,
  values: Insertable<WaiverSignaturesTable>,
): Promise<WaiverSignatureRow> {
  return trx.insertInto('waiverSignatures').values(values).returningAll().executeTakeFirstOrThrow();
}

/** A registration's details replaced by what was given now (a registration taken up again). */
export async function upsertEmergencyDetails(
  trx: Trx,
  values: { registrationId: number; contactName: string; contactPhone: string; leaderNote: string | null },
): Promise<void> {
  await trx
    .insertInto('registrationEmergencyDetails')
    .values(values)
    .onConflict((oc) =>
      oc.column('registrationId').doUpdateSet({
        contactName: values.contactName,
        contactPhone: values.contactPhone,
        leaderNote: values.leaderNote,
        updatedAt: sql<Date>`now()`,
      }),
    )
    .execute();
}

/** Each registration's latest signature, with its version's number and text. */
export async function latestSignaturesOf(db: Db, registrationIds: readonly number[]) {
  if (registrationIds.length === 0) return [];
  return db
    .selectFrom('waiverSignatures')
    .innerJoin('waiverVersions', 'waiverVersions.id', 'waiverSignatures.waiverVersionId')
    .distinctOn('waiverSignatures.registrationId')
    .select([
      'waiverSignatures.registrationId',
      'waiverSignatures.signedName',
      'waiverSignatures.signedAt',
      'waiverVersions.version',
    ])
    .where('waiverSignatures.registrationId', 'in', [...registrationIds])
    .orderBy('waiverSignatures.registrationId')
    .orderBy('waiverSignatures.signedAt', 'desc')
    .orderBy('waiverSignatures.id', 'desc')
    .execute();
}

/** Every signature of these registrations, oldest first, with the text of the version signed. */
export async function signaturesWithTextOf(db: Db, registrationIds: readonly number[]) {
  if (registrationIds.length === 0) return [];
  return db
    .selectFrom('waiverSignatures')
    .innerJoin('waiverVersions', 'waiverVersions.id', 'waiverSignatures.waiverVersionId')
    .select([
      'waiverSignatures.id',
      'waiverSignatures.registrationId',
      'waiverSignatures.signedName',
      'waiverSignatures.ipAddress',
      'waiverSignatures.userAgent',
      'waiverSignatures.signedAt',
      'waiverSignatures.erasedAt',
      'waiverVersions.version',
      'waiverVersions.text',
    ])
    .where('waiverSignatures.registrationId', 'in', [...registrationIds])
    .orderBy('waiverSignatures.signedAt')
    .orderBy('waiverSignatures.id')
    .execute();
}

export async function emergencyDetailsOf(
  db: Db,
  registrationIds: readonly number[],
): Promise<EmergencyDetailsRow[]> {
  if (registrationIds.length === 0) return [];
  return db
    .selectFrom('registrationEmergencyDetails')
    .selectAll()
    .where('registrationId', 'in', [...registrationIds])
    .orderBy('registrationId')
    .execute();
}

export async function deleteEmergencyDetailsOf(
  trx: Trx,
  registrationIds: readonly number[],
): Promise<number> {
  if (registrationIds.length === 0) return 0;
  const result = await trx
    .deleteFrom('registrationEmergencyDetails')
    .where('registrationId', 'in', [...registrationIds])
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Deletes the emergency details of registrations whose walk started more than `days` days before
 * `now` (a walk cancelled long ago included): they were for the day. Answers how many went.
 */
export async function deleteEmergencyDetailsOfPastWalks(db: Db, now: Date, days: number): Promise<number> {
  const result = await db
    .deleteFrom('registrationEmergencyDetails')
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('registrations')
          .innerJoin('events', 'events.id', 'registrations.eventId')
          .select(sql`1`.as('one'))
          .whereRef('registrations.id', '=', 'registrationEmergencyDetails.registrationId')
          .where('events.date', '<', sql<Date>`${now}::timestamptz - make_interval(days => ${days})`),
      ),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The signature stays (its version, when): the name, address and browser go. Answers how many changed. */
export async function scrubSignaturesOf(trx: Trx, registrationIds: readonly number[]): Promise<number> {
  if (registrationIds.length === 0) return 0;
  const result = await trx
    .updateTable('waiverSignatures')
    .set({ signedName: null, ipAddress: null, userAgent: null, erasedAt: sql<Date>`now()` })
    .where('registrationId', 'in', [...registrationIds])
    .where('erasedAt', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
